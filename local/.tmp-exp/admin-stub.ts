import net from 'node:net';
import { createGrpcServer } from '/work/main/local/firestore/src/grpc/index.ts';
import type { FirestoreBackend } from '/work/main/local/firestore/src/contract.ts';
const NOW = '2024-01-01T00:00:00.123456Z';
const backend = new Proxy({} as FirestoreBackend, {
  get: (_t, method: string) => async (req: any, ctx: any) => {
    console.log('>>', method, JSON.stringify(req), JSON.stringify(ctx));
    switch (method) {
      case 'batchGetDocuments': return (req.documents ?? []).map((d: string) => ({ found: { name: d, fields: { a: { integerValue: '1' }, g: { geoPointValue: { latitude: 1, longitude: 0 } } }, createTime: NOW, updateTime: NOW }, readTime: NOW, ...(req.newTransaction ? { transaction: 'dHgx' } : {}) }));
      case 'commit': return { writeResults: (req.writes ?? []).map(() => ({ updateTime: NOW })), commitTime: NOW };
      case 'beginTransaction': return { transaction: 'dHgx' };
      case 'runQuery': return [{ readTime: NOW }];
      case 'runAggregationQuery': return [{ result: { aggregateFields: { aggregate_0: { integerValue: '3' } } }, readTime: NOW }];
      case 'listDocuments': return { documents: [] };
      case 'listCollectionIds': return { collectionIds: ['x'] };
      case 'batchWrite': return { writeResults: req.writes.map(() => ({ updateTime: NOW })), status: req.writes.map(() => ({})) };
      default: return {};
    }
  },
});
const g = createGrpcServer(backend);
const l = net.createServer((s) => g.emit('connection', s));
await new Promise<void>((r) => l.listen(0, '127.0.0.1', r));
process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${(l.address() as net.AddressInfo).port}`;
const { initializeApp } = await import('firebase-admin/app');
const { getFirestore, FieldValue, Filter } = await import('firebase-admin/firestore');
const app = initializeApp({ projectId: 'demo-parley' });
const db = getFirestore(app);
const { setLogFunction } = await import('firebase-admin/firestore'); setLogFunction((m: string) => { if (/Watch|Stream|Listen/.test(m)) console.log('LOG', m.slice(0, 300)); });
await new Promise<void>((resolve) => { const un = db.doc('c/d').onSnapshot(() => {}, (e) => { console.log('onSnapshot error', (e as any).code, e.message); resolve(); }); setTimeout(() => { console.log('onSnapshot: no error after 5s'); un(); resolve(); }, 3000); });
await app.delete?.();
const { deleteApp } = await import('firebase-admin/app'); await deleteApp(app).catch(() => {});
g.close(); l.close();
