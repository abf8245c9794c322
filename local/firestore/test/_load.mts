import { FirestoreEngine } from '../src/backend.ts';
const t0 = performance.now();
const e = new FirestoreEngine({ dataDir: '/tmp/fsperf' });
console.log('load ms', (performance.now() - t0).toFixed(0));
await e.close();
