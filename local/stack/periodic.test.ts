import { describe, expect, it } from 'vitest';
import { exportEveryMs, repeatEvery } from './periodic';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a periodic export', () => {
  it('never runs twice at once, even when a run outlasts the interval or a flush arrives mid-run', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const periodic = repeatEvery(
      5,
      async () => {
        active++;
        most = Math.max(most, active);
        await sleep(30);
        active--;
        runs++;
      },
      () => undefined,
    );
    await sleep(50);
    await Promise.all([periodic.flush(), periodic.flush()]);
    await periodic.stop();
    const after = runs;
    await sleep(50);
    expect(most).toBe(1);
    expect(runs).toBe(after); // none after stop()
    expect(runs).toBeGreaterThanOrEqual(3);
  });

  it('keeps going after a failed run, reporting it, and a flush reports its own failure', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const periodic = repeatEvery(
      5,
      async () => {
        calls++;
        if (calls <= 2) throw new Error(`export ${calls} failed`);
      },
      (e) => errors.push(e),
    );
    while (calls < 3) await sleep(5);
    await periodic.stop();
    expect(errors.map((e) => (e as Error).message)).toEqual(['export 1 failed', 'export 2 failed']);
    const failing = repeatEvery(null, () => Promise.reject(new Error('disk full')), () => undefined);
    await expect(failing.flush()).rejects.toThrow('disk full');
    await failing.stop();
  });

  it('runs every 10 s unless PARLEY_EXPORT_EVERY_MS says otherwise', () => {
    expect(exportEveryMs({})).toBe(10_000);
    expect(exportEveryMs({ PARLEY_EXPORT_EVERY_MS: '500' })).toBe(500);
    expect(() => exportEveryMs({ PARLEY_EXPORT_EVERY_MS: 'often' })).toThrow('PARLEY_EXPORT_EVERY_MS must be a whole number of milliseconds');
  });
});
