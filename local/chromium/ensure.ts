/**
 * Makes sure the browser journeys have Chromium: installs Debian's `chromium-headless-shell` package when it is missing
 * and this user may (root, or password-less sudo); otherwise stops with one line that says what to run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export type EnsureResult = { status: 'present' | 'installed'; path: string } | { status: 'missing'; message: string };

export interface EnsureDeps {
  exists(path: string): boolean;
  isRoot(): boolean;
  canSudo(): boolean;
  /** Runs a command with inherited output; returns its exit code. */
  run(command: string, args: string[]): number;
}

const realDeps: EnsureDeps = {
  exists: existsSync,
  isRoot: () => process.getuid?.() === 0,
  canSudo: () => spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0,
  run: (command, args) => spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status ?? 1,
};

/** Debian's package of Chromium's headless shell (CHROMIUM_PATH), which the journeys run. */
export const CHROMIUM_PACKAGE = 'chromium-headless-shell';
/** Debian's package of the full Chromium (BENCH_CHROMIUM_PATH), which the benches time pages in. */
export const BENCH_CHROMIUM_PACKAGE = 'chromium';
export const INSTALL_HINT = `sudo apt-get update && sudo apt-get install -y ${CHROMIUM_PACKAGE}`;

/** Which Debian package provides the browser at the path, and the command to run again once it is there. */
export interface BrowserNeed {
  packageName: string;
  rerun: string;
}
const JOURNEYS: BrowserNeed = { packageName: CHROMIUM_PACKAGE, rerun: 'npm test' };

export function ensureChromium(path: string, custom: boolean, deps: EnsureDeps = realDeps, need: BrowserNeed = JOURNEYS): EnsureResult {
  const { packageName, rerun } = need;
  const hint = `sudo apt-get update && sudo apt-get install -y ${packageName}`;
  if (deps.exists(path)) return { status: 'present', path };
  if (custom) return { status: 'missing', message: `PARLEY_CHROMIUM points at ${path}, which does not exist: fix it, or unset it to use Debian's ${packageName}.` };
  const prefix = deps.isRoot() ? [] : deps.canSudo() ? ['sudo', '-n'] : null;
  if (!prefix) return { status: 'missing', message: `Chromium is missing (${path}) and this user cannot install it: run \`${hint}\`, then ${rerun} again.` };
  const apt = (args: string[]) => (prefix.length ? deps.run(prefix[0]!, [...prefix.slice(1), 'apt-get', ...args]) : deps.run('apt-get', args));
  if (apt(['update']) !== 0 || apt(['install', '-y', '--no-install-recommends', packageName]) !== 0 || !deps.exists(path)) {
    return { status: 'missing', message: `Installing Debian's ${packageName} failed (see above): run \`${hint}\` by hand, then ${rerun} again.` };
  }
  return { status: 'installed', path };
}
