import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeLeftovers, processRecord, startTimeOf, StillRunningError, stopLeftovers } from './leftovers';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) {
    try {
      process.kill(-c.pid!, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
});

/** A long-running process in a group of its own, as the stack starts its children. */
function groupLeader(): ChildProcess {
  const child = spawn('sleep', ['600'], { detached: true, stdio: 'ignore' });
  children.push(child);
  return child;
}

const recordIn = () => join(mkdtempSync(join(tmpdir(), 'parley-leftovers-')), 'processes.json');
/** The pid of a run that has ended (crashed, as far as its record can tell). */
const endedRun = () => spawnSync('true').pid!;

describe("a crashed run's leftovers", () => {
  it('are stopped by the next start, which names them', async () => {
    const file = recordIn();
    const child = groupLeader();
    processRecord(file, endedRun()).add("Google's Firestore emulator", child.pid!);
    // The run crashes here: its record stays behind.
    const exited = new Promise((r) => child.once('exit', r));
    const leftovers = await stopLeftovers(file);
    await exited;
    expect(startTimeOf(child.pid!)).toBeNull();
    expect(describeLeftovers(leftovers)).toBe(`The previous run did not stop cleanly; stopped what it left running: Google's Firestore emulator (group ${child.pid}).`);
  });

  it('never include a process that only has the same pid now', async () => {
    const file = recordIn();
    const stranger = groupLeader();
    const groups = [{ name: 'Firebase emulators', pgid: stranger.pid, started: 'Thu Jan  1 00:00:00 2015' }];
    writeFileSync(file, JSON.stringify({ owner: { pid: endedRun(), started: null }, groups }));
    const leftovers = await stopLeftovers(file);
    expect(leftovers).toEqual({ crashed: true, stopped: [] });
    expect(startTimeOf(stranger.pid!)).not.toBeNull();
    expect(describeLeftovers(leftovers)).toBe('The previous run did not stop cleanly; nothing of it was still running.');
  });

  it('are not taken from a run that is still going: the second start refuses and names it', async () => {
    const file = recordIn();
    const running = groupLeader();
    const child = groupLeader();
    processRecord(file, running.pid!).add('Firebase emulators', child.pid!);
    const error = await stopLeftovers(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StillRunningError);
    expect((error as Error).message).toContain(`another run (pid ${running.pid}) is using`);
    expect(startTimeOf(child.pid!)).not.toBeNull();
  });

  it("keep a group whose leader was killed alone: its members still run, and the next start stops them", async () => {
    const file = recordIn();
    const record = processRecord(file, endedRun());
    // A leader that starts a member in its group and is then killed, as a watchdog killed before its child.
    const leader = spawn('sh', ['-c', 'sleep 600 & echo started; wait'], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(leader);
    await new Promise((r) => leader.stdout!.once('data', r));
    record.add('Google\'s Firestore emulator', leader.pid!);
    const leaderExited = new Promise((r) => leader.once('exit', r));
    process.kill(leader.pid!, 'SIGKILL');
    await leaderExited;
    record.remove(leader.pid!);
    const leftovers = await stopLeftovers(file);
    expect(describeLeftovers(leftovers)).toBe(`The previous run did not stop cleanly; stopped what it left running: Google's Firestore emulator (group ${leader.pid}).`);
  });

  it('are none after a clean stop', async () => {
    const file = recordIn();
    const record = processRecord(file);
    const child = groupLeader();
    record.add('Firebase emulators', child.pid!);
    record.remove(child.pid!);
    record.close();
    const leftovers = await stopLeftovers(file);
    expect(leftovers).toEqual({ crashed: false, stopped: [] });
    expect(describeLeftovers(leftovers)).toBeNull();
    expect(startTimeOf(child.pid!)).not.toBeNull();
  });
});
