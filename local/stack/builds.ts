/** What `npm start` builds, each only when its sources changed since the last build. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runToCompletion } from './processes';
import { isStale, markBuilt, type BuildTarget } from './stale';
import { publishWidget } from './widget-site';

export { publishWidget } from './widget-site';

export interface StackBuild extends BuildTarget {
  /** Why it is skipped (e.g. the workspace has no build yet), or null when it can build. */
  unavailable: string | null;
  run(): Promise<void>;
}

const CORE_SOURCES = ['core/src', 'core/package.json'];
// Per checkout (not per data dir): the journeys' temporary data dirs share the same build outputs.
const stampOf = (name: string) => `.data/.build/${name}.stamp`;

function hasBuildScript(root: string, workspace: string): boolean {
  const file = join(root, workspace, 'package.json');
  if (!existsSync(file)) return false;
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { scripts?: Record<string, string> };
  return typeof pkg.scripts?.build === 'string' && pkg.scripts.build.trim() !== '';
}

function npmBuild(root: string, workspace: string): () => Promise<void> {
  return async () => {
    // A production build whoever starts the stack: the journeys run under vitest (NODE_ENV=test), which would
    // otherwise bundle React's development build into web/dist for a later `npm start` or bench to serve.
    await runToCompletion('npm', ['run', 'build', '-w', workspace], { cwd: root, env: { ...process.env, NODE_ENV: 'production' } });
  };
}

export function stackBuilds(root: string): StackBuild[] {
  const builds: StackBuild[] = [];
  if (hasBuildScript(root, 'core')) {
    builds.push({ name: 'core', sources: CORE_SOURCES, output: 'core/dist', stamp: stampOf('core'), unavailable: null, run: npmBuild(root, 'core') });
  }
  builds.push({
    name: 'functions',
    sources: ['functions/src', 'functions/build.ts', 'functions/package.json', ...CORE_SOURCES],
    output: 'functions/lib/index.js',
    stamp: stampOf('functions'),
    unavailable: existsSync(join(root, 'functions/src/index.ts')) ? null : 'functions/src/index.ts is missing',
    run: async () => {
      // In-process esbuild: faster than spawning tsx.
      const mod = (await import(pathToFileURL(join(root, 'functions/build.ts')).href)) as { buildFunctions(): Promise<unknown> };
      await mod.buildFunctions();
    },
  });
  builds.push({
    name: 'widget',
    sources: ['widget', ...CORE_SOURCES],
    output: 'widget/dist',
    stamp: stampOf('widget'),
    unavailable: hasBuildScript(root, 'widget') ? null : 'widget/package.json has no build script yet',
    run: npmBuild(root, 'widget'),
  });
  builds.push({
    name: 'web',
    sources: ['web', ...CORE_SOURCES],
    output: 'web/dist/index.html',
    stamp: stampOf('web'),
    unavailable:
      hasBuildScript(root, 'web') && existsSync(join(root, 'web/src/main.tsx')) ? null : 'web has no build script or web/src/main.tsx yet',
    run: npmBuild(root, 'web'),
  });
  return builds;
}

export interface BuildReport {
  name: string;
  outcome: 'built' | 'up to date' | 'skipped';
  ms: number;
  note?: string;
}

/** Builds the stale targets in order; the widget is then published for Hosting (see widget-site.ts). */
export async function buildStale(root: string, onStep?: (report: BuildReport) => void, only?: string[]): Promise<BuildReport[]> {
  const reports: BuildReport[] = [];
  // PARLEY_SKIP_BUILDS=web,widget serves whatever was built before (e.g. while a workspace is mid-change).
  const skipped = new Set((process.env.PARLEY_SKIP_BUILDS ?? '').split(',').map((s) => s.trim()).filter(Boolean));
  for (const build of stackBuilds(root).filter((b) => !only || only.includes(b.name))) {
    const started = Date.now();
    let report: BuildReport;
    if (skipped.has(build.name)) report = { name: build.name, outcome: 'skipped', ms: 0, note: 'PARLEY_SKIP_BUILDS' };
    else if (build.unavailable) report = { name: build.name, outcome: 'skipped', ms: 0, note: build.unavailable };
    else if (!isStale(root, build)) report = { name: build.name, outcome: 'up to date', ms: Date.now() - started };
    else {
      await build.run();
      markBuilt(root, build);
      report = { name: build.name, outcome: 'built', ms: Date.now() - started };
    }
    reports.push(report);
    onStep?.(report);
  }
  if (!only || only.includes('web') || only.includes('widget')) {
    publishWidget(root);
    ensureWebPlaceholder(root);
  }
  return reports;
}

/** Until the web app builds, Hosting still needs a page to serve. */
export function ensureWebPlaceholder(root: string): void {
  const index = join(root, 'web/dist/index.html');
  if (existsSync(index)) return;
  mkdirSync(join(root, 'web/dist'), { recursive: true });
  writeFileSync(index, '<!doctype html><title>Parley</title><p>The web app has not been built yet (web/ has no build).</p>\n');
}
