// Builds widget/dist: loader.js (the one-tag script), loader-deferred.js (its bubble and panel, fetched once the page
// is idle), chat.html + chat.js (the chat in the iframe), app-check.js (the Firebase App Check SDK the chat imports),
// voice.js (the voice transport, imported when a visitor starts a call).
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHAT_CSS } from './src/chat/styles';
import { DEFERRED_FILE } from './src/loader/load-deferred';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');

export async function buildWidget(outdir = dist): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const common = { bundle: true, minify: true, format: 'iife' as const, target: 'es2019', legalComments: 'none' as const, logLevel: 'warning' as const };
  await Promise.all([
    // The loader's two files keep ?? and ?. as written (es2020, every browser since 2020) instead of their longer
    // es2019 spelling: they are fetched on every page view of every site that embeds an agent.
    build({ ...common, target: 'es2020', entryPoints: [join(here, 'src/loader/main.ts')], outfile: join(outdir, 'loader.js') }),
    build({ ...common, target: 'es2020', entryPoints: [join(here, 'src/loader/deferred-chunk.ts')], outfile: join(outdir, DEFERRED_FILE) }),
    build({
      ...common,
      entryPoints: [join(here, 'src/chat/main.tsx')],
      outfile: join(outdir, 'chat.js'),
      jsx: 'automatic',
      jsxImportSource: 'preact',
    }),
    // The Firebase App Check SDK: a module of its own that the chat imports when it starts (src/chat/app-check.ts),
    // so it never weighs on chat.html.
    build({ ...common, format: 'esm', entryPoints: [join(here, 'src/chat/app-check-sdk.ts')], outfile: join(outdir, 'app-check.js') }),
    // The voice transport (the Vapi web SDK, or the local stand-in's adapter): imported only when a visitor presses
    // the call button (src/chat/call/CallPanel.tsx).
    build({ ...common, format: 'esm', entryPoints: [join(here, 'src/chat/call/voice-chunk.tsx')], outfile: join(outdir, 'voice.js') }),
  ]);
  // The chat script is inlined into chat.html: one request before the chat can render. chat.js stays
  // beside it for pages that prefer to load it separately.
  const html = readFileSync(join(here, 'src/chat/chat.html'), 'utf8');
  const js = readFileSync(join(outdir, 'chat.js'), 'utf8').replace(/<\/script/gi, '<\\/script');
  // The stylesheet is inlined too (critical CSS: the first paint is styled without waiting for script).
  const css = CHAT_CSS.trim().replace(/<\/style/gi, '<\\/style');
  writeFileSync(
    join(outdir, 'chat.html'),
    html.replace('/*CHAT_CSS*/', () => css).replace('<script src="./chat.js"></script>', () => `<script>${js}</script>`),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildWidget();
  console.log(`widget built into ${dist}`);
}
