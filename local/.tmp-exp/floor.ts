import net from 'node:net';
import { createGrpcServer } from '../firestore/src/grpc/index.ts';
import type { FirestoreBackend } from '../firestore/src/contract.ts';
const NOW = '2024-01-01T00:00:00.123456Z';
const backend = { batchGetDocuments: async (req: any) => req.documents.map((d: string) => ({ found: { name: d, fields: { a: { integerValue: '1' } }, createTime: NOW, updateTime: NOW }, readTime: NOW })) } as unknown as FirestoreBackend;
const g = createGrpcServer(backend);
const l = net.createServer((s) => g.emit('connection', s));
await new Promise<void>((r) => l.listen(0, '127.0.0.1', r));
process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${(l.address() as net.AddressInfo).port}`;
process.env.METADATA_SERVER_DETECTION = 'none';
const { initializeApp } = await import('firebase-admin/app');
const { getFirestore } = await import('firebase-admin/firestore');
const db = getFirestore(initializeApp({ projectId: 'demo-parley' }));
for (let i = 0; i < 300; i++) await db.doc('c/d').get();
const s: number[] = []; const c0 = process.cpuUsage();
for (let i = 0; i < 2000; i++) { const a = performance.now(); await db.doc('c/d').get(); s.push(performance.now() - a); }
const c = process.cpuUsage(c0); s.sort((x, y) => x - y);
console.log('stub floor p50', s[1000]!.toFixed(3), 'cpu/get', ((c.user + c.system) / 2000 / 1000).toFixed(3));
process.exit(0);
