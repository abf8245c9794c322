/**
 * A task repeated every `everyMs` after the previous run ended, never two at once: the periodic exports of the
 * local data. flush() runs it once more after any run in progress; stop() ends the repetition.
 */
export interface Periodic {
  /** Waits for a run in progress, then runs the task once more; rejects when that run fails. */
  flush(): Promise<void>;
  /** No more runs after the one in progress (awaited). */
  stop(): Promise<void>;
}

/** `everyMs` null: the task runs only on flush() (which still never overlaps a run). */
export function repeatEvery(everyMs: number | null, task: () => Promise<void>, onError: (error: unknown) => void): Periodic {
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  // Runs are chained, so a flush during a periodic run waits for it instead of overlapping it.
  const run = () => (running = running.then(() => task().catch(onError)));
  const schedule = () => {
    if (stopped || everyMs === null) return;
    timer = setTimeout(() => void run().then(schedule), everyMs);
    // A pending export alone does not keep a process alive.
    timer.unref();
  };
  schedule();
  return {
    flush() {
      const result = running.then(task);
      running = result.catch(() => undefined);
      return result;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/** How often the local data is exported while it runs: PARLEY_EXPORT_EVERY_MS (tests shorten it), else 10 s. */
export function exportEveryMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PARLEY_EXPORT_EVERY_MS;
  if (raw === undefined || raw === '') return 10_000;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 100) throw new Error(`PARLEY_EXPORT_EVERY_MS must be a whole number of milliseconds (100 or more), got "${raw}"`);
  return ms;
}
