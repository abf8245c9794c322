/**
 * The process groups a run started, recorded in its data folder so that the next run can stop what a crashed one
 * left behind. Each child runs in its own process group (see processes.ts); a group is recorded with its leader's
 * start time, so a pid the system has since given to another program is never taken for ours.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface RecordedGroup {
  name: string;
  /** The process group id (the leader's pid). */
  pgid: number;
  /** The leader's start time as `ps -o lstart` prints it. */
  started: string;
}

interface PsRow {
  pid: number;
  pgid: number;
  started: string;
}

/**
 * Every live process with its group and start time (`ps` reads the same on Linux and macOS). A zombie (state Z) has
 * died and only waits for its parent to reap it: it runs nothing and holds no port, so it is not listed. A zombie
 * that is multi-threaded (Zl) is a leader whose other threads are still ending, and may still hold its port: listed.
 */
/** A process that has died entirely (every thread), only waiting to be reaped. */
export const isZombie = (stat: string): boolean => stat.startsWith('Z') && !stat.includes('l');

function processTable(): PsRow[] {
  const out = execFileSync('ps', ['-A', '-o', 'pid=,pgid=,stat=,lstart='], { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C', TZ: 'UTC' } });
  return out
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.+?)\s*$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && !isZombie(m[3]!))
    .map((m) => ({ pid: Number(m[1]), pgid: Number(m[2]), started: m[4]! }));
}

/** The start time of a live process, or null when it is gone. */
export function startTimeOf(pid: number): string | null {
  return processTable().find((row) => row.pid === pid)?.started ?? null;
}

export interface ProcessRecord {
  /** Records a group the run just started. */
  add(name: string, pgid: number): void;
  /**
   * Forgets a group whose leader has exited, once nothing of it runs: a leader killed alone (the watchdog, say)
   * leaves its children running in the group, and the next start must still find them.
   */
  remove(pgid: number): void;
  /** Deletes the record: the run stopped cleanly. */
  close(): void;
}

interface RunRecord {
  /** The run itself (the stack or the CLI): while it lives, its groups are not leftovers. */
  owner: { pid: number; started: string | null };
  groups: RecordedGroup[];
}

/**
 * The record of this run's groups in `file`, rewritten whole (via a renamed temporary file) on every change.
 * `ownerPid` is the run's own process.
 */
export function processRecord(file: string, ownerPid = process.pid): ProcessRecord {
  const groups: RecordedGroup[] = [];
  const owner = { pid: ownerPid, started: startTimeOf(ownerPid) };
  const save = () => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify({ owner, groups } satisfies RunRecord, null, 2));
    renameSync(`${file}.tmp`, file);
  };
  return {
    add(name, pgid) {
      const started = startTimeOf(pgid);
      if (started === null) return; // already gone
      groups.push({ name, pgid, started });
      save();
    },
    remove(pgid) {
      const index = groups.findIndex((g) => g.pgid === pgid);
      if (index < 0) return;
      if (processTable().some((row) => row.pgid === pgid)) return;
      groups.splice(index, 1);
      save();
    },
    close() {
      groups.length = 0;
      rmSync(file, { force: true });
    },
  };
}

function readRecord(file: string): RunRecord | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<RunRecord>;
    const groups = Array.isArray(parsed.groups) ? parsed.groups.filter((g) => Number.isInteger(g.pgid) && g.pgid > 1 && typeof g.started === 'string') : [];
    return parsed.owner && Number.isInteger(parsed.owner.pid) ? { owner: parsed.owner, groups } : null;
  } catch {
    return null; // cut short by the crash itself: nothing we can vouch for
  }
}

export class StillRunningError extends Error {
  constructor(file: string, pid: number) {
    super(`another run (pid ${pid}) is using ${dirname(file)}: stop it first (Ctrl-C in its terminal, or \`kill ${pid}\`)`);
    this.name = 'StillRunningError';
  }
}

/**
 * The recorded groups still running that are ours: the leader is alive with the recorded start time, or the leader
 * is gone but members remain (a group id is not handed out again while its group still has members).
 */
function stillOurs(groups: RecordedGroup[], table: PsRow[]): RecordedGroup[] {
  return groups.filter((g) => {
    const members = table.filter((row) => row.pgid === g.pgid);
    if (members.length === 0) return false;
    const leader = members.find((row) => row.pid === g.pgid);
    if (leader) return leader.started === g.started;
    const since = Date.parse(g.started);
    return members.every((row) => Number.isNaN(since) || Date.parse(row.started) >= since);
  });
}

export interface Leftovers {
  /** True when the previous run did not stop cleanly (its record was still there). */
  crashed: boolean;
  /** What was still running from it and has now been stopped, e.g. "Google's Firestore emulator (group 1234)". */
  stopped: string[];
}

/**
 * Stops what the run recorded in `file` left running (SIGKILL to each group that is still ours), waits until the
 * groups are gone, and removes the record. A run that is still alive is left alone: StillRunningError.
 */
export async function stopLeftovers(file: string, waitMs = 10_000): Promise<Leftovers> {
  if (!existsSync(file)) return { crashed: false, stopped: [] };
  const record = readRecord(file);
  const table = processTable();
  const owner = record && table.find((row) => row.pid === record.owner.pid);
  if (record && owner && owner.started === record.owner.started && owner.pid !== process.pid) throw new StillRunningError(file, owner.pid);
  const ours = stillOurs(record?.groups ?? [], table);
  for (const g of ours) {
    try {
      process.kill(-g.pgid, 'SIGKILL');
    } catch {
      /* ended meanwhile */
    }
  }
  const deadline = Date.now() + waitMs;
  const pgids = new Set(ours.map((g) => g.pgid));
  while (pgids.size > 0 && Date.now() < deadline) {
    const alive = new Set(processTable().map((row) => row.pgid));
    for (const pgid of pgids) if (!alive.has(pgid)) pgids.delete(pgid);
    if (pgids.size > 0) await new Promise((r) => setTimeout(r, 50));
  }
  if (pgids.size > 0) throw new Error(`could not stop what the previous run left running: process groups ${[...pgids].join(', ')} (see ${file})`);
  rmSync(file, { force: true });
  return { crashed: true, stopped: ours.map((g) => `${g.name} (group ${g.pgid})`) };
}

/** One line about the previous run's leftovers, or null when it stopped cleanly. */
export function describeLeftovers(leftovers: Leftovers): string | null {
  if (!leftovers.crashed) return null;
  if (leftovers.stopped.length === 0) return 'The previous run did not stop cleanly; nothing of it was still running.';
  return `The previous run did not stop cleanly; stopped what it left running: ${leftovers.stopped.join(', ')}.`;
}
