process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${process.argv[2]}`;
const { initializeApp } = await import('firebase-admin/app');
const { getFirestore } = await import('firebase-admin/firestore');
const db = getFirestore(initializeApp({ projectId: 'demo-parley' }));
await db.doc('c/d').set({ a: 1, body: 'x'.repeat(900) });
for (let i = 0; i < 200; i++) await db.doc('c/d').get();
const c0 = process.cpuUsage(); const t0 = performance.now(); const s: number[] = [];
for (let i = 0; i < 2000; i++) { const a = performance.now(); await db.doc('c/d').get(); s.push(performance.now() - a); }
const c = process.cpuUsage(c0); s.sort((x, y) => x - y);
console.log('client: wall/get', ((performance.now() - t0) / 2000).toFixed(3), 'p50', s[1000]!.toFixed(3), 'client cpu/get', ((c.user + c.system) / 1000 / 2000).toFixed(3));
process.exit(0);
