/**
 * The engine under benchmark, in its own process so its resident memory is
 * measured alone. Configured by BENCH_ENGINE (JSON: dataDir, rules source);
 * driven by IPC messages from bench.ts: rss, cpu, gc, restart, stop.
 */
import { startFirestore, type RunningFirestore } from '../index.ts';

interface Config {
  dataDir?: string;
  rules?: string;
}
type Command = { type: 'rss' } | { type: 'cpu' } | { type: 'gc' } | { type: 'restart' } | { type: 'stop' };

const config = JSON.parse(process.env['BENCH_ENGINE'] ?? '{}') as Config;
const send = (msg: object) => process.send?.(msg);
const start = () => startFirestore({ port: 0, dataDir: config.dataDir, rules: config.rules });

let running: RunningFirestore = await start();
send({ type: 'ready', port: running.port });

process.on('message', (msg: Command) => {
  void (async () => {
    if (msg.type === 'rss') {
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      gc?.();
      send({ type: 'rss', rss: process.memoryUsage().rss });
    } else if (msg.type === 'gc') {
      // Before a timed phase: garbage from loading is collected now, not during the measurement.
      (globalThis as { gc?: () => void }).gc?.();
      send({ type: 'gc' });
    } else if (msg.type === 'cpu') {
      // CPU time used so far (µs): the bench diffs it around a phase to tell engine time from client time.
      const { user, system } = process.cpuUsage();
      send({ type: 'cpu', micros: user + system });
    } else if (msg.type === 'restart') {
      const t0 = performance.now();
      await running.stop();
      const stopMs = performance.now() - t0;
      running = await start();
      send({ type: 'ready', port: running.port, stopMs, startMs: performance.now() - t0 - stopMs });
    } else if (msg.type === 'stop') {
      await running.stop();
      process.exit(0);
    }
  })().catch((err: unknown) => {
    console.error('[bench engine]', err);
    process.exit(1);
  });
});
// The parent going away must not leave an engine behind.
process.on('disconnect', () => process.exit(0));
