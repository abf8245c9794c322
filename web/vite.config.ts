import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Mantine components the public pages, /login and an agency host's client login render (with the provider, the
 * styles API and the notifications): the one Mantine chunk those pages download. Every other component is the
 * signed-in app's (or a lazy page's) and never weighs on /login. A public page that renders another component
 * still works: it downloads that component's chunk with its own code.
 */
const PUBLIC_MANTINE = [
  'Alert', 'Anchor', 'AppShell', 'Badge', 'Button', 'Card', 'Center', 'CloseButton', 'Container', 'Divider', 'Group', 'Image', 'Input',
  'InputBase', 'List', 'Loader', 'Notification', 'Paper', 'Portal', 'SimpleGrid', 'Stack', 'Text', 'TextInput', 'Title', 'Transition',
  'UnstyledButton',
];
const PUBLIC_MANTINE_MODULE = new RegExp(
  `[\\/]node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/](core|utils|components[\\/](${PUBLIC_MANTINE.join('|')})[\\/])|@mantine[\\/]core[\\/]styles\\.css|@mantine[\\/](hooks|notifications|store)[\\/]|clsx[\\/]|react-transition-group[\\/])`,
);
const ANY_MANTINE_MODULE =
  /[\\/]node_modules[\\/](@mantine|@floating-ui|react-number-format|react-textarea-autosize|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|use-composed-ref|use-latest|use-isomorphic-layout-effect|tabbable|dom-helpers)[\\/]/;

const SRC = String.raw`[\/]web[\/]src[\/]`;
/** The ui modules the public pages and /login use; every other ui module is the signed-in shell's. */
const PUBLIC_UI = ['AppNotifications', 'PublicLayout', 'Logo', 'FullPageLoader', 'ErrorFallback', 'RouteBoundary', 'theme', 'icons', 'FeaturePreview'].join('|');
/**
 * The ui and lib modules that bring a heavy library of their own (CodeMirror, Stripe, the CSV writer, the charts):
 * only the lazy pages that use them import them, so they stay out of the shell, which would otherwise make every
 * signed-in page download those libraries.
 */
const LAZY_PAGE_UI = ['CodeEditor', 'StripeElements', 'use-card-form', 'UsageSection', 'ChartCard'].join('|');
const LAZY_PAGE_LIB = ['csv', 'stripe'].join('|');
/** The agency's look: the agency host's first paint uses it before anyone signs in, so it never waits for the shell. */
const AGENCY_HOST_UI = 'agency-branding';
const SHELL_MODULE = new RegExp(
  `([\\/]node_modules[\\/]fuse\\.js[\\/]|${SRC}(app[\\/]shell[\\/]|features[\\/](agents|notifications|workspaces|debugger)[\\/]|features[\\/]auth[\\/](VerifyEmailScreen|OwnRecordGate|live-own-record)\\.|features[\\/]agency[\\/]WhitelabelTrialBanner\\.|ui[\\/](?!(${PUBLIC_UI}|${LAZY_PAGE_UI}|${AGENCY_HOST_UI})\\.)|lib[\\/](?!(session|auth-actions|config|query-client|attribution|firebase|agency-host|${LAZY_PAGE_LIB})\\.)))`,
);
const BASE_MODULE = new RegExp(
  `${SRC}(ui[\\/](${PUBLIC_UI})\\.|lib[\\/](session|auth-actions|config|query-client|attribution)\\.|features[\\/]auth[\\/](LoginPage|AuthForm|GoogleButton|auth-errors|safe-next)\\.)`,
);
const SECTION_FEATURE = new RegExp(`${SRC}features[\\/](agent-builder|knowledge|conversations)[\\/]`);
/** CodeMirror stays a chunk of its own, loaded when the Theme tab shows the editor. */
const CODE_EDITOR = /CssCodeEditor/;

const CORE_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../core/src');

/**
 * Core's modules that import zod, themselves or through another core module (type-only imports aside), read from
 * the source: these make the contracts chunk; every other core module is a plain constant or rule. A plain module
 * can only import plain ones, so the rules chunk never imports the contracts chunk (two chunks importing each other
 * can run a module before the one it reads, and the page fails to start).
 */
function coreModulesWithZod(): Set<string> {
  const imports = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) imports.set(file, valueImports(file));
    }
  };
  walk(CORE_SRC);
  const withZod = new Set<string>();
  const reaches = (file: string, seen = new Set<string>()): boolean => {
    if (withZod.has(file)) return true;
    if (seen.has(file)) return false;
    seen.add(file);
    return (imports.get(file) ?? []).some((target) => target === 'zod' || reaches(target, seen));
  };
  for (const file of imports.keys()) if (reaches(file)) withZod.add(file);
  return withZod;
}

/** What a core module imports for its values: 'zod' or the files of the relative imports. */
function valueImports(file: string): string[] {
  const found: string[] = [];
  for (const [, what, from] of readFileSync(file, 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)\s+([^;'"]*?)\s*from\s*'([^']+)'/g)) {
    const braces = /^\{([^}]*)\}$/.exec(what!);
    const typeOnly = /^type\s/.test(what!) || (!!braces && braces[1]!.split(',').map((n) => n.trim()).filter(Boolean).every((n) => /^type\s/.test(n)));
    if (typeOnly) continue;
    if (from === 'zod') found.push('zod');
    else if (from!.startsWith('.')) {
      const base = resolve(dirname(file), from!.replace(/\.js$/, ''));
      const target = [`${base}.ts`, join(base, 'index.ts')].find((f) => existsSync(f));
      if (target) found.push(target);
    }
  }
  return found;
}

const CORE_WITH_ZOD = coreModulesWithZod();
/** The contracts and schemas with zod and every core module that builds on them. */
const isContractModule = (id: string) => /[\\/]node_modules[\\/]zod[\\/]/.test(id) || CORE_WITH_ZOD.has(id.split('?')[0]!) || /[\\/]core[\\/]src[\\/]templates[\\/].*\.json$/.test(id);
/** Core's plain constants and rules; the app's name stays with the entry (/login needs only that one). */
const isRuleModule = (id: string) => {
  const file = id.split('?')[0]!;
  return file.startsWith(CORE_SRC) && /\.ts$/.test(file) && !CORE_WITH_ZOD.has(file) && !/[\\/]constants[\\/]app\.ts$/.test(file);
};

/**
 * Chunks by what loads together, so a page arrives in a few files instead of one per component: React with
 * the router and query cache, Mantine (what the public pages use, and the rest for the signed-in app), each
 * Firebase part on its own (loaded when first needed). Pages stay lazy chunks.
 */
const chunkGroups = [
  // What every page shares with /login (layouts, loaders, the session and its settings, the sign-in form):
  // one chunk, taken first so that no group below pulls these modules in.
  { name: 'base', test: BASE_MODULE, priority: 50, includeDependenciesRecursively: false },
  // With the bundler's own runtime and Vite's preload helper, which every page needs too.
  { name: 'react', test: /([\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser|@tanstack)[\\/]|rolldown[:\\/]runtime|vite[\\/]preload-helper)/, priority: 40 },
  // Mantine first: what the public pages render (with what it needs), then the rest for the signed-in app.
  { name: 'mantine', test: PUBLIC_MANTINE_MODULE, priority: 35 },
  { name: 'mantine-app', test: ANY_MANTINE_MODULE, priority: 30 },
  // What a signed-in page needs from Firebase (app, Auth, callables) with the app's Firebase setup, and the
  // lite Firestore beside it: downloaded by signing in, never by a public page.
  {
    name: 'firebase',
    test: /([\\/]node_modules[\\/](firebase[\\/](app|auth|functions)|@firebase[\\/](app|auth|util|component|logger|functions)|idb)[\\/]|[\\/]web[\\/]src[\\/]lib[\\/]firebase\.)/,
    priority: 25,
  },
  { name: 'firestore-lite', test: /[\\/]node_modules[\\/](firebase[\\/]firestore[\\/]lite|@firebase[\\/]firestore[\\/]dist[\\/]lite)[\\/]/, priority: 23 },
  // The full Firestore SDK with reactfire (live views), loaded with the signed-in shell and the client dashboard.
  {
    name: 'firestore',
    test: /[\\/]node_modules[\\/](firebase[\\/]firestore|@firebase[\\/]firestore|@firebase[\\/]webchannel-wrapper|reactfire|rxfire|rxjs|use-sync-external-store)[\\/]/,
    priority: 22,
  },
  // The contracts and schemas with zod (and the core modules that build on them): signed-in pages need them, /login
  // does not. Core's plain constants and rules (no zod) are one chunk beside it: a signed-in page uses a dozen of
  // them, each a request of its own when left to the pages that share it; a public page needing one constant
  // downloads them without zod.
  { name: 'core', test: isContractModule, priority: 20, includeDependenciesRecursively: false },
  { name: 'domain', test: isRuleModule, priority: 19, includeDependenciesRecursively: false },
  // The app's own code: the signed-in shell (with the features it composes, the data modules only
  // signed-in pages use, and its section search) in one chunk, each agent-section feature in one. Only the
  // listed modules: what the public pages and /login share with them stays apart, so those never download
  // the shell.
  { name: 'shell', test: SHELL_MODULE, priority: 10, includeDependenciesRecursively: false },
  { name: (id: string) => (CODE_EDITOR.test(id) ? null : (SECTION_FEATURE.exec(id)?.[1] ?? null)), test: SECTION_FEATURE, priority: 10, includeDependenciesRecursively: false },
];

/**
 * reactfire imports every Firebase product it has hooks for; the app uses none of these, so their modules (whose only
 * effect is registering the product with the app) drop out of the bundle.
 */
const UNUSED_FIREBASE = /[\\/]node_modules[\\/](firebase[\\/](database|storage|remote-config)|@firebase[\\/](database|storage|remote-config))[\\/]/;

/** Chunks every signed-in page needs, whatever the page: the shell, Firebase, the contracts and rules, Mantine's rest. */
const SIGNED_IN_CHUNKS = ['shell', 'firebase', 'firestore-lite', 'firestore', 'core', 'domain', 'mantine-app'];

/**
 * On a signed-in URL (/app/…), index.html asks for the signed-in chunks at once, beside the entry
 * (modulepreload), instead of after the entry has run and matched the route: Auth can restore the session
 * while the rest arrives. Public pages are untouched.
 */
function signedInPreloads(): Plugin {
  return {
    name: 'parley-signed-in-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const files = Object.values(ctx.bundle ?? {})
          .filter((c) => c.type === 'chunk' && SIGNED_IN_CHUNKS.includes(c.name))
          .map((c) => `/${c.fileName}`);
        if (files.length === 0) return html;
        const script = `if(location.pathname.indexOf('/app/')===0)${JSON.stringify(files)}.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)})`;
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head-prepend' }] };
      },
    },
  };
}

/**
 * Fails the build when the rules chunk imports the contracts chunk (a core module that reaches zod in a way the
 * reading above missed): with the contracts importing the rules, a page would then fail to start.
 */
function rulesBeforeContracts(): Plugin {
  return {
    name: 'parley-rules-before-contracts',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const contracts = chunks.filter((c) => c.name === 'core').map((c) => c.fileName);
      for (const rules of chunks.filter((c) => c.name === 'domain')) {
        const wrong = rules.imports.filter((f) => contracts.includes(f));
        if (wrong.length > 0) this.error(`the rules chunk imports the contracts chunk (${wrong.join(', ')}); a core module reaches zod unseen: ${Object.keys(rules.modules).join(', ')}`);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), signedInPreloads(), rulesBeforeContracts()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // @parley/core is pure (no I/O, no globals): let unused schemas (and zod with them) drop out of
        // chunks that only need constants.
        moduleSideEffects: (id: string) => !/[\\/]core[\\/]src[\\/]/.test(id) && !UNUSED_FIREBASE.test(id),
      },
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
  server: { port: 5173 },
});
