/**
 * Benchmark of the local Firestore engine through firebase-admin (gRPC), the
 * way Cloud Functions use it locally. `npm run bench:firestore` prints each
 * figure next to its budget; `runFirestoreBench()` returns them for the root
 * `npm run bench` runner.
 *
 * The engine runs in a child process (bench/engine-process.ts) with a durable
 * temp data dir, so its memory is measured alone and a restart reloads data.
 */
import * as grpc from '@grpc/grpc-js';
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';

export interface BenchFigure {
  name: string;
  value: number;
  unit: 'ms' | 'MB' | 's' | 'writes/s';
  /** Upper bound for value, when the figure has a budget. */
  budget?: number;
  pass?: boolean;
  detail?: string;
}

export interface BenchOptions {
  /** Documents for the latency figures (default 10,000). */
  docs?: number;
  /** Documents for the memory and restart figures (default 100,000). */
  bigDocs?: number;
  log?: (line: string) => void;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const PROJECT = 'demo-parley';
const COLLECTION = 'bench';
const GROUPS = 100; // equality on `group` selects 1% of the documents
const BATCH = 500;

/* ------------------------------ engine ------------------------------ */

interface EngineChild {
  port: number;
  child: ChildProcess;
  request<T>(msg: object, reply: string): Promise<T>;
  stop(): Promise<void>;
}

function nextMessage<T>(child: ChildProcess, type: string, timeoutMs = 120_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`engine did not answer "${type}" within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (msg: { type: string }) => {
      if (msg.type === type) done(null, msg as T);
    };
    const onExit = (code: number | null) => done(new Error(`engine exited (${code}) while waiting for "${type}"`));
    function done(err: Error | null, value?: T) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve(value as T);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

async function spawnEngine(config: { dataDir?: string; rules?: string }): Promise<EngineChild> {
  return spawnChild('engine-process.ts', { BENCH_ENGINE: JSON.stringify(config) });
}

/** The zero-work gRPC server (bench/floor-server.ts) answering every call with `response`. */
function spawnFloor(response: Buffer): Promise<EngineChild> {
  return spawnChild('floor-server.ts', { BENCH_FLOOR_RESPONSE: response.toString('base64') });
}

async function spawnChild(script: string, env: Record<string, string>): Promise<EngineChild> {
  const child = fork(path.join(here, script), [], {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await nextMessage<{ port: number }>(child, 'ready');
  const engine: EngineChild = {
    port: ready.port,
    child,
    async request<T>(msg: object, reply: string) {
      const answer = nextMessage<T>(child, reply);
      child.send(msg);
      return answer;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.connected) child.send({ type: 'stop' });
      else child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  return engine;
}

/* ------------------------------ clients ----------------------------- */

let appCounter = 0;
const apps: App[] = [];

function adminDb(port: number): Firestore {
  // The admin SDK reads the emulator address when its Firestore client is created.
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  process.env.METADATA_SERVER_DETECTION ??= 'none'; // no GCE metadata probing

  const app = initializeApp({ projectId: PROJECT }, `bench-${process.pid}-${++appCounter}`);
  apps.push(app);
  return getFirestore(app);
}

function makeDoc(i: number): Record<string, unknown> {
  return {
    i,
    group: `g${i % GROUPS}`,
    score: (i * 7919) % 10007,
    owner: `user-${i % 50}`,
    title: `Benchmark document number ${i}`,
    createdAt: Timestamp.fromMillis(1_700_000_000_000 + i * 1000),
    tags: ['alpha', 'beta', `t${i % 7}`],
    body: `Lorem ipsum dolor sit amet ${i}, `.repeat(26).slice(0, 820),
  };
}

const docId = (i: number) => `doc-${String(i).padStart(6, '0')}`;

/** Writes docs [from, to) in sequential 500-write batches; returns the elapsed seconds. */
async function load(db: Firestore, from: number, to: number): Promise<number> {
  const col = db.collection(COLLECTION);
  const t0 = performance.now();
  for (let start = from; start < to; start += BATCH) {
    const batch = db.batch();
    for (let i = start; i < Math.min(to, start + BATCH); i++) batch.set(col.doc(docId(i)), makeDoc(i));
    await batch.commit();
  }
  return (performance.now() - t0) / 1000;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

/**
 * Runs `warmup` calls (so both processes' JIT reaches steady state), then times
 * `runs` more. Measured calls get indices after the warm-up ones, so a warm-up
 * never pre-reads the very documents a measured call reads.
 */
async function time(runs: number, warmup: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn(i);
  // Garbage from loading and warming up is collected now, not in the middle of the timed calls.
  (globalThis as { gc?: () => void }).gc?.();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(warmup + i);
    samples.push(performance.now() - t0);
  }
  return samples;
}

/** CPU milliseconds per measured call in the engine and in this (client) process, to tell the two apart. */
async function timeWithCpu(
  engine: EngineChild,
  runs: number,
  warmup: number,
  fn: (i: number) => Promise<unknown>,
): Promise<{ samples: number[]; cpu: string }> {
  for (let i = 0; i < warmup; i++) await fn(i);
  (globalThis as { gc?: () => void }).gc?.();
  await engine.request({ type: 'gc' }, 'gc');
  const engineCpu = async () => (await engine.request<{ micros: number }>({ type: 'cpu' }, 'cpu')).micros;
  const e0 = await engineCpu();
  const c0 = process.cpuUsage();
  const samples = await time(runs, 0, (i) => fn(warmup + i));
  const c = process.cpuUsage(c0);
  const e = (await engineCpu()) - e0;
  const perOp = (micros: number) => (micros / 1000 / runs).toFixed(2);
  return { samples, cpu: `CPU per call: engine ${perOp(e)} ms, client ${perOp(c.user + c.system)} ms` };
}

/* --------------------------- rules overhead -------------------------- */

const BENCH_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function signedIn() { return request.auth != null; }
    function isAdmin() {
      return get(/databases/$(database)/documents/users/$(request.auth.uid)).data.role == 'admin';
    }
    match /users/{uid} {
      allow read: if signedIn() && request.auth.uid == uid;
    }
    match /bench/{id} {
      allow read: if signedIn() && (resource.data.owner == request.auth.uid || isAdmin());
      allow write: if false;
    }
  }
}
`;

function unsignedIdToken(uid: string): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ user_id: uid, sub: uid, iat: 1, exp: 9_999_999_999 })}.`;
}

/** A raw gRPC client on the engine, calling as a signed-in user or (uid null) as owner. */
function rawClient(port: number, uid: string | null): { client: grpc.Client; md: grpc.Metadata } {
  const client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  const md = new grpc.Metadata();
  md.set('authorization', `Bearer ${uid === null ? 'owner' : unsignedIdToken(uid)}`);
  return { client, md };
}

const bytes = (b: Buffer) => b;

/** GetDocument over raw gRPC: as a signed-in user (the admin SDK always calls as owner), or as owner. */
async function rawGetter(port: number, uid: string | null, name: string): Promise<{ get: () => Promise<void>; close: () => void }> {
  const { lookupType } = await import('../src/grpc/protos.ts');
  const req = lookupType('google.firestore.v1.GetDocumentRequest');
  const body = Buffer.from(req.encode({ name }).finish());
  const { client, md } = rawClient(port, uid);
  const get = () =>
    new Promise<void>((resolve, reject) => {
      client.makeUnaryRequest('/google.firestore.v1.Firestore/GetDocument', bytes, bytes, body, md, (err) => (err ? reject(err) : resolve()));
    });
  return { get, close: () => client.close() };
}

/** The engine's framed BatchGetDocuments answer for one document, as firebase-admin receives it. */
async function rawBatchGetResponse(port: number, name: string): Promise<Buffer> {
  const { lookupType } = await import('../src/grpc/protos.ts');
  const { frameAll } = await import('../src/grpc/framing.ts');
  const req = lookupType('google.firestore.v1.BatchGetDocumentsRequest');
  const body = Buffer.from(req.encode({ database: `projects/${PROJECT}/databases/(default)`, documents: [name] }).finish());
  const { client, md } = rawClient(port, null);
  try {
    const messages: Buffer[] = await new Promise((resolve, reject) => {
      const out: Buffer[] = [];
      const call = client.makeServerStreamRequest('/google.firestore.v1.Firestore/BatchGetDocuments', bytes, bytes, body, md);
      call.on('data', (m: Buffer) => out.push(m));
      call.on('error', reject);
      call.on('end', () => resolve(out));
    });
    return frameAll(messages);
  } finally {
    client.close();
  }
}

/**
 * p50 of firebase-admin gets answered by the zero-work server: what the SDK,
 * the engine's HTTP/2 transport and the loopback hop cost before any database work.
 */
async function getFloor(enginePort: number, id: string): Promise<number[]> {
  const name = `projects/${PROJECT}/databases/(default)/documents/${COLLECTION}/${id}`;
  const floor = await spawnFloor(await rawBatchGetResponse(enginePort, name));
  try {
    // Same client work per call as the measured gets: a new reference each time.
    const col = adminDb(floor.port).collection(COLLECTION);
    return await time(2000, 3000, () => col.doc(id).get());
  } finally {
    await floor.stop();
  }
}

async function rulesOverhead(log: (s: string) => void): Promise<BenchFigure | null> {
  if (!fs.existsSync(path.join(repoRoot, 'local/firestore/rules/index.ts'))) return null;
  log('rules overhead: two in-memory engines, with and without rules ...');
  const [withRules, without] = await Promise.all([spawnEngine({ rules: BENCH_RULES }), spawnEngine({})]);
  try {
    const getters = [];
    for (const engine of [withRules, without]) {
      const db = adminDb(engine.port);
      await db.doc('users/user-1').set({ role: 'member' });
      await db.doc(`${COLLECTION}/${docId(1)}`).set(makeDoc(1)); // owner: user-1
      getters.push(await rawGetter(engine.port, 'user-1', `projects/${PROJECT}/databases/(default)/documents/${COLLECTION}/${docId(1)}`));
    }
    const [ruled, plain] = getters as [Awaited<ReturnType<typeof rawGetter>>, Awaited<ReturnType<typeof rawGetter>>];
    // Interleaved so both see the same machine noise.
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < 100; i++) {
      await ruled.get();
      await plain.get();
    }
    for (let i = 0; i < 600; i++) {
      let t0 = performance.now();
      await ruled.get();
      a.push(performance.now() - t0);
      t0 = performance.now();
      await plain.get();
      b.push(performance.now() - t0);
    }
    ruled.close();
    plain.close();
    const overhead = percentile(a, 0.5) - percentile(b, 0.5);
    return {
      name: 'rules evaluation overhead on a get (p50, user get with rules - without)',
      value: overhead,
      unit: 'ms',
      budget: 1,
      detail: `with rules p50 ${percentile(a, 0.5).toFixed(3)} ms, without ${percentile(b, 0.5).toFixed(3)} ms`,
    };
  } finally {
    await Promise.all([withRules.stop(), without.stop()]);
  }
}

/* ------------------------------- bench ------------------------------- */

export async function runFirestoreBench(opts: BenchOptions = {}): Promise<BenchFigure[]> {
  // The client measures like deployed functions run: plain JavaScript without
  // source-mapped stack traces. tsx turns those on, and firebase-admin captures
  // a stack on every call, which then costs ~0.4 ms more per get.
  const sourceMaps = process.sourceMapsEnabled;
  process.setSourceMapsEnabled(false);
  try {
    return await runBench(opts);
  } finally {
    process.setSourceMapsEnabled(sourceMaps);
  }
}

async function runBench(opts: BenchOptions): Promise<BenchFigure[]> {
  const docs = opts.docs ?? 10_000;
  const bigDocs = opts.bigDocs ?? 100_000;
  const log = opts.log ?? (() => {});
  const figures: BenchFigure[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-firestore-bench-'));
  let engine: EngineChild | null = null;
  try {
    engine = await spawnEngine({ dataDir });
    let db = adminDb(engine.port);
    const col = db.collection(COLLECTION);

    log(`loading ${docs} documents of ~1 KB in ${BATCH}-write batches ...`);
    const loadSeconds = await load(db, 0, docs);
    figures.push({ name: `batched writes (${BATCH}-write batches, durable)`, value: docs / loadSeconds, unit: 'writes/s' });

    log('single gets ...');
    // 7717 is coprime with the document count: every call reads a document not read before
    // (3,000 warm-up + 2,000 timed calls; the client's JIT needs a few thousand calls to settle).
    const gets = await timeWithCpu(engine, 2000, 3000, (i) => col.doc(docId((i * 7717) % docs)).get());
    // The same read without the SDK, to tell engine + transport time from client-library time.
    const raw = await rawGetter(engine.port, null, `projects/${PROJECT}/databases/(default)/documents/${COLLECTION}/${docId(42)}`);
    const rawGets = await time(1000, 300, () => raw.get());
    raw.close();
    log('the same gets from a zero-work server (the floor) ...');
    const floor = percentile(await getFloor(engine.port, docId(1)), 0.5);
    const getP50 = percentile(gets.samples, 0.5);
    figures.push({
      name: `get by id (${docs} docs) p50`,
      value: getP50,
      unit: 'ms',
      budget: 2,
      detail: `${gets.cpu}; raw gRPC GetDocument p50 ${percentile(rawGets, 0.5).toFixed(3)} ms: engine + transport without the SDK`,
    });
    figures.push({ name: `get by id (${docs} docs) p99`, value: percentile(gets.samples, 0.99), unit: 'ms' });
    figures.push({
      name: 'get by id from a zero-work gRPC server (floor) p50',
      value: floor,
      unit: 'ms',
      detail: `the SDK, HTTP/2 and loopback alone; the engine's work adds ${(getP50 - floor).toFixed(3)} ms`,
    });

    log('equality queries ...');
    const queries = await timeWithCpu(engine, 500, 200, async (i) => {
      const snap = await col.where('group', '==', `g${(i * 37) % GROUPS}`).orderBy('score').limit(20).get();
      if (snap.size !== Math.min(20, docs / GROUPS)) throw new Error(`query returned ${snap.size} documents`);
    });
    figures.push({
      name: 'query == + orderBy + limit 20 (1% selectivity) p50',
      value: percentile(queries.samples, 0.5),
      unit: 'ms',
      budget: 10,
      detail: queries.cpu,
    });
    figures.push({ name: 'query == + orderBy + limit 20 (1% selectivity) p99', value: percentile(queries.samples, 0.99), unit: 'ms' });

    log('single-write commits ...');
    const commits = await timeWithCpu(engine, 300, 100, (i) => col.doc(docId(i % docs)).set(makeDoc(i)));
    figures.push({ name: 'single-write commit (durable) p50', value: percentile(commits.samples, 0.5), unit: 'ms', budget: 10, detail: commits.cpu });
    figures.push({ name: 'single-write commit (durable) p99', value: percentile(commits.samples, 0.99), unit: 'ms' });

    log(`loading up to ${bigDocs} documents ...`);
    const bigSeconds = await load(db, docs, bigDocs);
    const { rss } = await engine.request<{ rss: number }>({ type: 'rss' }, 'rss');
    figures.push({
      name: `engine resident memory with ${bigDocs} docs`,
      value: rss / 1024 / 1024,
      unit: 'MB',
      budget: 500,
      detail: `loaded at ${Math.round((bigDocs - docs) / bigSeconds)} writes/s`,
    });

    log('restarting ...');
    const t0 = performance.now();
    engine.child.send({ type: 'restart' });
    const { port, stopMs, startMs } = await nextMessage<{ port: number; stopMs: number; startMs: number }>(engine.child, 'ready');
    engine.port = port;
    db = adminDb(port);
    const probe = await db.collection(COLLECTION).doc(docId(bigDocs - 1)).get();
    const restartSeconds = (performance.now() - t0) / 1000;
    if (!probe.exists) throw new Error('the restarted engine lost data');
    figures.push({
      name: `restart with ${bigDocs} docs (stop + start until first get)`,
      value: restartSeconds,
      unit: 's',
      budget: 5,
      detail: `engine stop ${(stopMs / 1000).toFixed(2)} s, start ${(startMs / 1000).toFixed(2)} s`,
    });

    await engine.stop();
    engine = null;
    const rules = await rulesOverhead(log);
    if (rules) figures.push(rules);
  } finally {
    await engine?.stop();
    await Promise.all(apps.splice(0).map((a) => deleteApp(a).catch(() => {})));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  for (const f of figures) if (f.budget !== undefined) f.pass = f.value <= f.budget;
  return figures;
}

export function formatFigures(figures: BenchFigure[]): string {
  const digits = (f: BenchFigure) => (f.unit === 'writes/s' || f.unit === 'MB' ? 0 : f.unit === 's' ? 2 : 3);
  const width = Math.max(...figures.map((f) => f.name.length));
  return figures
    .map((f) => {
      const value = `${f.value.toFixed(digits(f))} ${f.unit}`.padStart(14);
      const budget = f.budget === undefined ? ''.padEnd(16) : `budget ≤ ${f.budget} ${f.unit}`.padEnd(16);
      const verdict = f.pass === undefined ? '    ' : f.pass ? 'PASS' : 'OVER';
      return `${f.name.padEnd(width)}  ${value}  ${budget}  ${verdict}${f.detail ? `  (${f.detail})` : ''}`;
    })
    .join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const started = performance.now();
  const figures = await runFirestoreBench({ log: (line) => console.log(`  ${line}`) });
  console.log('\nLocal Firestore engine — firebase-admin over gRPC, durable data dir\n');
  console.log(formatFigures(figures));
  const over = figures.filter((f) => f.pass === false).length;
  const budgets = figures.filter((f) => f.pass !== undefined).length;
  console.log(`\n${budgets - over} of ${budgets} budgets met (${((performance.now() - started) / 1000).toFixed(1)} s; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`);
  // Figures are reported, not enforced: a busy machine must not fail a pipeline.
  process.exit(0);
}
