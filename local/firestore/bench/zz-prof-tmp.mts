import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import inspector from 'node:inspector/promises';
const session = new inspector.Session(); session.connect();
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
const mode = process.argv[2] ?? 'all';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fsprof-'));
const child = fork('/work/main/local/firestore/bench/engine-process.ts', [], {
  cwd: '/work/main',
  execArgv: ['--import', 'tsx', '--expose-gc', ...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/fsperf/prof-engine'] : [])],
  env: { ...process.env, BENCH_ENGINE: JSON.stringify({ dataDir }) },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const port = await new Promise<number>((r) => child.on('message', (m: any) => m.type === 'ready' && r(m.port)));
process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
const db = getFirestore(initializeApp({ projectId: 'demo-parley' }));
const col = db.collection('bench');
const id = (i: number) => `doc-${String(i).padStart(6, '0')}`;
const mk = (i: number) => ({ i, group: `g${i % 100}`, score: (i * 7919) % 10007, owner: `user-${i % 50}`, title: `Benchmark document number ${i}`,
  createdAt: Timestamp.fromMillis(1_700_000_000_000 + i * 1000), tags: ['alpha', 'beta', `t${i % 7}`], body: `Lorem ipsum dolor sit amet ${i}, `.repeat(26).slice(0, 820) });
const L0 = performance.now(); for (let s = 0; s < 10000; s += 500) { const b = db.batch(); for (let i = s; i < s + 500; i++) b.set(col.doc(id(i)), mk(i)); await b.commit(); } console.log('load writes/s', Math.round(10000 / ((performance.now() - L0) / 1000)));
const p50 = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
async function t(n: number, w: number, fn: (i: number) => Promise<unknown>) { for (let i = 0; i < w; i++) await fn(i); const a: number[] = []; if (process.env.ENGPROF) await new Promise((r) => { child.once('message', r); child.send({ type: 'pstart' }); }); if (process.env.PHASEPROF) { await session.post('Profiler.enable'); await session.post('Profiler.start'); } const e0 = await new Promise<number>((r) => { child.once('message', (m: any) => r(m.micros)); child.send({ type: 'cpu' }); }); const c0 = process.cpuUsage(); const w0 = performance.now(); process.on('exit', () => {}); for (let i = 0; i < n; i++) { const t0 = performance.now(); await fn(i); a.push(performance.now() - t0); } const c = process.cpuUsage(c0); const e1 = await new Promise<number>((r) => { child.once('message', (m: any) => r(m.micros)); child.send({ type: 'cpu' }); }); console.log(`  engine cpu/op ${((e1 - e0) / 1000 / n).toFixed(3)} ms`); if (process.env.ENGPROF) await new Promise((r) => { const h = (m: any) => { if (m.type === 'pstopped') { child.off('message', h); r(0); } }; child.on('message', h); child.send({ type: 'pstop' }); }); if (process.env.PHASEPROF) { const { profile } = await session.post('Profiler.stop'); fs.writeFileSync(`/tmp/fsperf/phase-${Date.now()}.cpuprofile`, JSON.stringify(profile)); } console.log(`  client cpu/op ${((c.user + c.system) / 1000 / n).toFixed(3)} ms, wall/op ${((performance.now() - w0) / n).toFixed(3)} ms`); return p50(a); }
const N = Number(process.env.N ?? 1000);
if (process.env.SMAB) { for (let i = 0; i < 1000; i++) await col.doc(id((i * 7717) % 10000)).get(); let k = 1000; const on: number[] = [], off: number[] = []; const con: number[] = [], coff: number[] = [];
  for (let r = 0; r < 6; r++) for (const sm of [true, false]) { process.setSourceMapsEnabled(sm); const c0 = process.cpuUsage(); for (let i = 0; i < 300; i++) { const t0 = performance.now(); await col.doc(id((k++ * 7717) % 10000)).get(); (sm ? on : off).push(performance.now() - t0); } const c = process.cpuUsage(c0); (sm ? con : coff).push((c.user + c.system) / 1000 / 300); }
  const avg = (a: number[]) => (a.reduce((x, y) => x + y, 0) / a.length).toFixed(3);
  console.log(`source maps on: p50 ${p50(on).toFixed(3)} client cpu ${avg(con)}; off: p50 ${p50(off).toFixed(3)} client cpu ${avg(coff)}`); }
if (process.env.WINDOWS) { for (let w = 0; w < 8; w++) { const a: number[] = []; for (let i = 0; i < 400; i++) { const t0 = performance.now(); await col.doc(id(((w * 400 + i) * 7717) % 10000)).get(); a.push(performance.now() - t0); } console.log('window', w, 'get p50', p50(a).toFixed(3)); } for (let w = 0; w < 4; w++) { const a: number[] = []; for (let i = 0; i < 100; i++) { const t0 = performance.now(); await col.where('group', '==', `g${((w*100+i) * 37) % 100}`).orderBy('score').limit(20).get(); a.push(performance.now() - t0); } console.log('window', w, 'query p50', p50(a).toFixed(3)); } }
if (process.env.STRACE) { for (let i = 0; i < 300; i++) await col.doc(id(i)).get(); console.log('PIDS', process.pid, child.pid); await new Promise((r) => setTimeout(r, 4000)); for (let i = 0; i < 20; i++) { await col.doc(id(1000 + i * 13)).get(); await new Promise((r) => setTimeout(r, 50)); } child.send({ type: 'stop' }); await new Promise((r) => setTimeout(r, 500)); process.exit(0); }
if (mode === 'all' || mode === 'get') console.log('get p50', (await t(N, 100, (i) => col.doc(id((i * 7717) % 10000)).get())).toFixed(3));
if (mode === 'all' || mode === 'query') console.log('query p50', (await t(N / 3, 30, (i) => col.where('group', '==', `g${(i * 37) % 100}`).orderBy('score').limit(20).get())).toFixed(3));
if (mode === 'all' || mode === 'commit') console.log('commit p50', (await t(N / 3, 20, (i) => col.doc(id(i % 10000)).set(mk(i)))).toFixed(3));
child.send({ type: 'stop' });
await new Promise((r) => child.on('exit', r));
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
