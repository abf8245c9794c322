import { FirestoreEngine } from '../src/backend.ts';
import fs from 'node:fs';
const dir = '/tmp/fsperf';
const mode = process.argv[2];
if (mode === 'write') {
  fs.rmSync(dir, { recursive: true, force: true });
  const e = new FirestoreEngine({ dataDir: dir });
  const t0 = Date.now();
  for (let b = 0; b < 200; b++) {
    const docs: Record<string, any> = {};
    for (let i = 0; i < 500; i++) {
      const n = b * 500 + i;
      docs[`items/d${n}`] = { title: { stringValue: 'x'.repeat(600) + n }, n: { integerValue: String(n) }, g: { integerValue: String(n % 100) }, tags: { arrayValue: { values: [{ stringValue: 'a' }, { stringValue: 'b' }] } }, m: { mapValue: { fields: { a: { stringValue: 'y'.repeat(200) }, b: { booleanValue: true } } } } };
    }
    e.importDocuments({ project: 'p', database: '(default)' }, docs);
  }
  console.log('write ms', Date.now() - t0);
  await e.close();
} else {
  const t0 = Date.now();
  const e = new FirestoreEngine({ dataDir: dir });
  console.log('load ms', Date.now() - t0);
  global.gc?.(); await new Promise((r) => setTimeout(r, 6000));
  console.log('rss MB', Math.round(process.memoryUsage().rss / 1e6), 'heap', Math.round(process.memoryUsage().heapUsed / 1e6));
  const ctx = { caller: { kind: 'owner' as const } };
  const q = { parent: 'projects/p/databases/(default)/documents', structuredQuery: { from: [{ collectionId: 'items' }], where: { fieldFilter: { field: { fieldPath: 'g' }, op: 'EQUAL', value: { integerValue: '7' } } }, orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }], limit: 20 } };
  for (let i = 0; i < 3; i++) { const t = performance.now(); const r = await e.runQuery(q, ctx); console.log('query ms', (performance.now() - t).toFixed(2), r.length); }
  let t = performance.now();
  for (let i = 0; i < 1000; i++) await e.getDocument({ name: 'projects/p/databases/(default)/documents/items/d' + i }, ctx);
  console.log('get us', ((performance.now() - t)).toFixed(0));
  t = performance.now();
  for (let i = 0; i < 100; i++) await e.commit({ database: 'projects/p/databases/(default)', writes: [{ update: { name: 'projects/p/databases/(default)/documents/x/y' + i, fields: { a: { integerValue: '1' } } } }] }, ctx);
  console.log('commit ms each', ((performance.now() - t) / 100).toFixed(2));
  await e.close();
  console.log('after close', fs.readdirSync(dir));
}
