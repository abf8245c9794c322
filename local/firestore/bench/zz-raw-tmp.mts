import * as grpc from '@grpc/grpc-js';
import { startFirestore } from '../index.ts';
import { lookupType } from '../src/grpc/protos.ts';
import { fork } from 'node:child_process';
const child = fork('/work/main/local/firestore/bench/engine-process.ts', [], { cwd: '/work/main', execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_ENGINE: '{}' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const port = await new Promise<number>((r) => child.on('message', (m: any) => m.type === 'ready' && r(m.port)));
const name = 'projects/demo-parley/databases/(default)/documents/bench/doc-1';
const C = lookupType('google.firestore.v1.CommitRequest');
const client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
const md = new grpc.Metadata(); md.set('authorization', 'Bearer owner');
await new Promise<void>((res, rej) => client.makeUnaryRequest('/google.firestore.v1.Firestore/Commit', (b: Buffer) => b, (b: Buffer) => b,
  Buffer.from(C.encode(C.fromObject({ database: 'projects/demo-parley/databases/(default)', writes: [{ update: { name, fields: { a: { stringValue: 'x'.repeat(900) } } } }] })).finish()), md, (e) => e ? rej(e) : res()));
const G = lookupType('google.firestore.v1.GetDocumentRequest');
const B = lookupType('google.firestore.v1.BatchGetDocumentsRequest');
const gb = Buffer.from(G.encode({ name }).finish());
const bb = Buffer.from(B.encode({ database: 'projects/demo-parley/databases/(default)', documents: [name] }).finish());
const unary = () => new Promise<void>((res, rej) => client.makeUnaryRequest('/google.firestore.v1.Firestore/GetDocument', (b: Buffer) => b, (b: Buffer) => b, gb, md, (e) => e ? rej(e) : res()));
const stream = () => new Promise<void>((res, rej) => { const s = client.makeServerStreamRequest('/google.firestore.v1.Firestore/BatchGetDocuments', (b: Buffer) => b, (b: Buffer) => b, bb, md); s.on('data', () => {}); s.on('error', rej); s.on('end', res); });
const p50 = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
for (let round = 0; round < 3; round++) {
  const a: number[] = [], b: number[] = [];
  for (let i = 0; i < 600; i++) { let t = performance.now(); await unary(); a.push(performance.now() - t); t = performance.now(); await stream(); b.push(performance.now() - t); }
  console.log(`unary p50 ${p50(a).toFixed(3)}  stream p50 ${p50(b).toFixed(3)}`);
}
client.close(); child.kill(); process.exit(0);
