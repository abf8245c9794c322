// Builds widget/dist: loader.js (the one-tag script), chat.html + chat.js (the chat in the iframe).
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');

export async function buildWidget(outdir = dist): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const common = { bundle: true, minify: true, format: 'iife' as const, target: 'es2019', legalComments: 'none' as const, logLevel: 'warning' as const };
  await Promise.all([
    build({ ...common, entryPoints: [join(here, 'src/loader/main.ts')], outfile: join(outdir, 'loader.js') }),
    build({
      ...common,
      entryPoints: [join(here, 'src/chat/main.tsx')],
      outfile: join(outdir, 'chat.js'),
      jsx: 'automatic',
      jsxImportSource: 'preact',
    }),
  ]);
  copyFileSync(join(here, 'src/chat/chat.html'), join(outdir, 'chat.html'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildWidget();
  console.log(`widget built into ${dist}`);
}
