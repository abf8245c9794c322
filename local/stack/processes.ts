import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { ProcessRecord } from './leftovers';

/** Runs a command and ends its process group when our end of its stdin pipe closes, i.e. when we end (watchdog.mjs). */
const WATCHDOG = fileURLToPath(new URL('./watchdog.mjs', import.meta.url));

/** Spawns `command` under the watchdog, in a process group of its own; stdin is the pipe the watchdog watches. */
function spawnWatched(command: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }): ChildProcess {
  return spawn(process.execPath, [WATCHDOG, command, ...args], { cwd: opts.cwd, env: opts.env ?? process.env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
}

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Sends SIGINT to the whole process group, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const live = new Set<ManagedProcess>();

// Last resort if the orchestrator dies without stopping its children: kill their groups.
process.once('exit', () => {
  for (const p of live) {
    try {
      if (p.child.pid) process.kill(-p.child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
});

/**
 * Starts a command in its own process group (so Ctrl-C on the terminal reaches only us and we
 * stop children in order), with its output appended to a log file. The group ends when we do, however we end
 * (watchdog.mjs), and is listed in `record` while it runs, so that the next run can stop it should even the
 * watchdog be killed.
 */
export function startProcess(opts: {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  logFile: string;
  onOutput?: (text: string) => void;
  record?: ProcessRecord;
}): ManagedProcess {
  mkdirSync(dirname(opts.logFile), { recursive: true });
  const log = createWriteStream(opts.logFile, { flags: 'a' });
  const child = spawnWatched(opts.command, opts.args, { cwd: opts.cwd, env: opts.env });
  if (child.pid) opts.record?.add(opts.name, child.pid);
  const forward = (chunk: Buffer) => {
    log.write(chunk);
    opts.onOutput?.(chunk.toString('utf8'));
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      live.delete(managed);
      if (child.pid) opts.record?.remove(child.pid);
      log.end();
      resolve(code);
    });
    child.once('error', (error) => {
      log.write(`failed to start: ${error.message}\n`);
      live.delete(managed);
      resolve(-1);
    });
  });
  const managed: ManagedProcess = {
    name: opts.name,
    child,
    exited,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
      const signal = (sig: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, sig);
        } catch {
          /* group already gone */
        }
      };
      signal('SIGINT');
      const timer = setTimeout(() => signal('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      signal('SIGKILL'); // stragglers in the group (e.g. function workers)
    },
  };
  live.add(managed);
  return managed;
}

/** Resolves once something accepts TCP connections on host:port; rejects after `timeoutMs`. */
export async function waitForPort(port: number, opts: { host?: string; timeoutMs?: number; exited?: Promise<unknown>; what?: string } = {}): Promise<void> {
  const host = opts.host ?? '127.0.0.1';
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  let dead = false;
  void opts.exited?.then(() => {
    dead = true;
  });
  while (Date.now() < deadline) {
    if (dead) throw new Error(`${opts.what ?? `the process for port ${port}`} exited before it was ready`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${opts.what ?? 'a process'} did not open port ${port} within ${Math.round((opts.timeoutMs ?? 60_000) / 1000)} s`);
}

/** Runs a command to completion (inheriting nothing, ending with us), failing with its output's tail. */
export function runToCompletion(command: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) => {
    // In a group of its own, a build we wait for still ends with us: the watchdog sees our pipe close.
    const child = spawnWatched(command, args, opts);
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`\`${command} ${args.join(' ')}\` failed (exit ${code}):\n${output.split('\n').slice(-40).join('\n')}`));
    });
  });
}
