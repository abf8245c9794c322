/**
 * Proves `firebase deploy` works from this monorepo: the files firebase would upload for the
 * functions codebase (same file walker and ignore list as firebase-tools) name only registry packages, and
 * lib/index.js loads and exports `api` in a clean directory outside the workspace that holds those packages alone.
 * The folder is staged in a temporary copy (its files and a fresh build) rather than built in place: the journeys'
 * Functions emulator may be serving functions/lib meanwhile, and reloads every function when it changes.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFunctions } from './build';

const run = promisify(execFile);
const functionsDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(functionsDir, '..');
const require = createRequire(import.meta.url);

interface FunctionsConfig {
  source: string;
  ignore?: string[];
}

/** The files firebase-tools would zip for the functions source (lib/deploy/functions/prepareFunctionsUpload.js). */
async function filesFirebaseWouldUpload(dir: string): Promise<string[]> {
  const firebaseJson = JSON.parse(readFileSync(join(repoRoot, 'firebase.json'), 'utf8')) as { functions: FunctionsConfig[] };
  const config = firebaseJson.functions.find((f) => f.source === 'functions');
  if (!config) throw new Error('firebase.json has no functions codebase with source "functions"');
  const ignore = [...(config.ignore ?? ['node_modules', '.git']), 'firebase-debug.log', 'firebase-debug.*.log', '.runtimeconfig.json'];
  const fsAsync = require('firebase-tools/lib/fsAsync.js') as {
    readdirRecursive(opts: { path: string; ignoreStrings: string[] }): Promise<{ name: string }[]>;
  };
  const files = await fsAsync.readdirRecursive({ path: dir, ignoreStrings: ignore });
  return files.map((file) => relative(dir, file.name)).sort();
}

/** Where the workspace installed a package functions/ depends on: its own node_modules, or the hoisted root's. */
function installedPackage(name: string): string {
  const found = [join(functionsDir, 'node_modules', name), join(repoRoot, 'node_modules', name)].find((dir) => existsSync(join(dir, 'package.json')));
  if (!found) throw new Error(`${name} is declared by functions/package.json but not installed: run npm install`);
  return realpathSync(found);
}

const temp = mkdtempSync(join(tmpdir(), 'parley-deploy-'));
afterAll(() => rm(temp, { recursive: true, force: true }));
/** The functions folder as a deploy sees it after a build: its own files (local settings included), and lib/ built anew. */
const stage = join(temp, 'functions');
const installed = join(temp, 'installed');

describe('functions deploy package', () => {
  it('uploads the bundle and package.json, never sources or local secrets', async () => {
    const rebuilt = [join(functionsDir, 'node_modules'), join(functionsDir, 'lib')];
    cpSync(functionsDir, stage, { recursive: true, filter: (path) => !rebuilt.includes(path) });
    await buildFunctions({ outfile: join(stage, 'lib', 'index.js') });
    const files = await filesFirebaseWouldUpload(stage);
    expect(files).toContain('package.json');
    expect(files).toContain(join('lib', 'index.js'));
    expect(files.filter((f) => f.startsWith('src') || f.startsWith('node_modules'))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.local') || f.endsWith('.test.ts'))).toEqual([]);
  });

  it('declares only registry packages, and loads the api function with nothing but them', { timeout: 120_000 }, async () => {
    const files = await filesFirebaseWouldUpload(stage);
    expect(existsSync(join(stage, 'lib', 'index.js'))).toBe(true);
    for (const file of files) {
      mkdirSync(dirname(join(installed, file)), { recursive: true });
      cpSync(join(stage, file), join(installed, file));
    }
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    // Cloud Build runs npm install on the upload: every dependency must be a version range the registry serves.
    expect(Object.entries(pkg.dependencies).filter(([name, range]) => name.startsWith('@parley/') || !/^[\^~]?\d+(\.\d+){0,2}$/.test(range))).toEqual([]);

    // The packages the upload declares, and no others, as the install would place them (the workspace's installed
    // copies stand in for the registry's): a bundle that needs anything undeclared fails to load here.
    for (const name of Object.keys(pkg.dependencies)) {
      const source = installedPackage(name);
      mkdirSync(dirname(join(installed, 'node_modules', name)), { recursive: true });
      symlinkSync(source, join(installed, 'node_modules', name), 'dir');
    }
    const probe = "import('./lib/index.js').then((m) => console.log(JSON.stringify({ api: typeof m.api, keys: Object.keys(m) })))";
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', probe], {
      cwd: installed,
      env: { ...process.env, GCLOUD_PROJECT: 'demo-parley', NODE_PATH: '' },
    });
    const loaded = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { api: string; keys: string[] };
    expect(loaded.api).toBe('function');
    expect(loaded.keys).toContain('api');
  });
});
