/**
 * Bundles the functions for the emulator and for `firebase deploy`:
 * src/index.ts -> lib/index.js (ESM, node20). Workspace packages (@parley/*) are inlined so
 * the uploaded folder installs from npm alone; every other package stays an external import
 * and must be listed in this folder's package.json "dependencies" (checked below, because
 * Cloud Build installs exactly those).
 *
 * Run: `npx tsx functions/build.ts` (or `npm run build -w functions`).
 */
import { build, type Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const functionsDir = dirname(fileURLToPath(import.meta.url));

/** "@scope/name/sub" -> "@scope/name", "name/sub" -> "name". */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(packageNameOf(specifier));
}

/** Keeps npm packages external, inlines workspace packages, and records what stayed external. */
function externalsPlugin(externals: Set<string>): Plugin {
  return {
    name: 'parley-externals',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (isBuiltin(args.path) || args.path.startsWith('@parley/')) return undefined;
        externals.add(packageNameOf(args.path));
        return { path: args.path, external: true };
      });
    },
  };
}

export interface BuildResult {
  outfile: string;
  externals: string[];
}

export async function buildFunctions(opts: { outfile?: string } = {}): Promise<BuildResult> {
  const outfile = opts.outfile ?? join(functionsDir, 'lib', 'index.js');
  const externals = new Set<string>();
  await build({
    entryPoints: [join(functionsDir, 'src', 'index.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // Inlined CommonJS (if any) may call require(); give it one in ESM output.
    banner: { js: "import { createRequire as __parleyRequire } from 'node:module'; const require = __parleyRequire(import.meta.url);" },
    plugins: [externalsPlugin(externals)],
  });
  const pkg = JSON.parse(readFileSync(join(functionsDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const declared = new Set(Object.keys(pkg.dependencies ?? {}));
  const missing = [...externals].filter((name) => !declared.has(name)).sort();
  if (missing.length > 0) {
    throw new Error(
      `functions/build: these packages are imported but not listed in functions/package.json "dependencies", ` +
        `so a deployed function could not load them: ${missing.join(', ')}. Add them with ` +
        `\`npm install -w functions <pkg>\`.`,
    );
  }
  const workspaceDeps = [...declared].filter((name) => name.startsWith('@parley/'));
  if (workspaceDeps.length > 0) {
    throw new Error(
      `functions/build: ${workspaceDeps.join(', ')} must not be a dependency of functions (it is not on npm; ` +
        `the bundle inlines it and the workspace link resolves it during development).`,
    );
  }
  return { outfile, externals: [...externals].sort() };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now();
  buildFunctions()
    .then((result) => console.log(`functions: bundled ${result.outfile} in ${Date.now() - started} ms`))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
