import { startFirestore } from '../index.ts';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import fs from 'node:fs';
fs.rmSync('/tmp/fsbench', { recursive: true, force: true });
const s = await startFirestore({ port: 0, dataDir: '/tmp/fsbench' });
process.env.FIRESTORE_EMULATOR_HOST = `${s.host}:${s.port}`;
const db = getFirestore(initializeApp({ projectId: 'demo-parley' }));
const col = db.collection('bench');
for (let b = 0; b < 20; b++) {
  const batch = db.batch();
  for (let i = 0; i < 500; i++) { const n = b * 500 + i; batch.set(col.doc('d' + n), { g: n % 100, n, title: 'x'.repeat(500) }); }
  await batch.commit();
}
const p50 = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)]!.toFixed(2);
let t: number[] = [];
for (let i = 0; i < 300; i++) { const s0 = performance.now(); await col.doc('d' + i).get(); t.push(performance.now() - s0); }
console.log('get p50', p50(t));
t = [];
for (let i = 0; i < 200; i++) { const s0 = performance.now(); const r = await col.where('g', '==', i % 100).orderBy('n', 'desc').limit(20).get(); if (r.size !== 20) throw new Error('size'); t.push(performance.now() - s0); }
console.log('query p50', p50(t));
t = [];
for (let i = 0; i < 200; i++) { const s0 = performance.now(); await col.doc('w' + i).set({ i }); t.push(performance.now() - s0); }
console.log('commit p50', p50(t));
t = [];
for (let i = 0; i < 50; i++) { const s0 = performance.now(); await col.orderBy('n', 'desc').limit(20).get(); t.push(performance.now() - s0); }
console.log('orderBy-only p50', p50(t));
t = [];
for (let i = 0; i < 300; i++) { const s0 = performance.now(); await fetch(`http://${s.host}:${s.port}/v1/projects/demo-parley/databases/(default)/documents/bench/d${i}`); t.push(performance.now() - s0); }
console.log('rest get p50', p50(t));
await s.stop();
process.exit(0);
