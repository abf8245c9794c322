/**
 * The engine: implements google.firestore.v1.Firestore over in-memory stores
 * (one per project + database), with optional durability and security rules.
 */
import type {
  CallContext,
  CompiledRules,
  Document,
  FirestoreBackend,
  RulesDocument,
  RulesDocumentAccess,
  RulesMethod,
  RulesRequest,
  Value,
} from './contract.ts';
import { FirestoreError, GRPC_CODE, type ErrorCode } from './contract.ts';
import { DurableLog, type Change } from './durable-log.ts';
import {
  checkCollectionId,
  dbRoot,
  parseDatabase,
  parseDocumentName,
  parseFieldPath,
  parseParent,
  type DbId,
  type ParsedName,
} from './paths.ts';
import { compileQuery, projectFields, runCompiledQuery, type CompiledQuery, type QueryHit } from './query.ts';
import { DatabaseStore, type DocRecord } from './store.ts';
import { TransactionManager, type Txn } from './transactions.ts';
import { comparePaths, compareUtf8, isNumber, isNaNValue, normalizeFields, timestampFromMicros, toDouble, type Fields } from './values.ts';
import { applyWrite, parseWrite, type ParsedWrite } from './writes.ts';

type Json = Record<string, unknown>;

export const MAX_WRITES = 500;
const DENIED = 'Missing or insufficient permissions.';

export interface EngineOptions {
  dataDir?: string;
  rules?: CompiledRules;
  /** How long a transactional read waits for another transaction's lock before ABORTED (default 5000). */
  lockTimeoutMs?: number;
}

function dbKey(db: DbId): string {
  return `${db.project}/${db.database}`;
}


export class FirestoreEngine implements FirestoreBackend {
  private readonly stores = new Map<string, DatabaseStore>();
  private readonly txns: TransactionManager;
  private readonly log: DurableLog | null;
  private readonly rules: CompiledRules | null;
  private lastMicros = 0;

  constructor(opts: EngineOptions = {}) {
    this.rules = opts.rules ?? null;
    this.txns = new TransactionManager(opts.lockTimeoutMs ?? 5000);
    this.log = opts.dataDir ? new DurableLog(opts.dataDir) : null;
    if (this.log) {
      let latest = '';
      this.log.load({
        apply: (key, changes) => {
          const s = this.storeByKey(key);
          for (const [p, r] of changes) {
            s.put(p, r);
            // Canonical timestamps sort as strings; the clock is set once after loading.
            if (r && r.updateTime > latest) latest = r.updateTime;
          }
        },
        clear: (key) => this.storeByKey(key).clear(),
      });
      if (latest) this.bumpClock(latest);
    }
  }

  /**
   * Rewrites the snapshot from the current state in the background (start-up
   * compaction); called once serving has begun so it does not delay readiness.
   */
  compactInBackground(): Promise<void> {
    return this.log ? this.log.compact(this.allDocs()) : Promise.resolve();
  }

  /** Flushes and closes the log; the engine must not be used afterwards. */
  async close(): Promise<void> {
    this.txns.stop();
    await this.log?.close();
  }

  /* ------------------------------ helpers ------------------------------ */

  private storeByKey(key: string): DatabaseStore {
    let s = this.stores.get(key);
    if (!s) this.stores.set(key, (s = new DatabaseStore()));
    return s;
  }

  private store(db: DbId): DatabaseStore {
    return this.storeByKey(dbKey(db));
  }

  private allDocs(): [string, string, DocRecord][] {
    const out: [string, string, DocRecord][] = [];
    for (const [key, s] of this.stores) for (const [p, r] of s.docs) out.push([key, p, r]);
    return out;
  }

  private bumpClock(ts: string): void {
    const ms = Date.parse(ts);
    const micros = Number(ts.slice(20, 26));
    if (Number.isFinite(ms)) {
      const m = Math.floor(ms / 1000) * 1_000_000 + micros;
      if (m > this.lastMicros) this.lastMicros = m;
    }
  }

  /** Strictly increasing commit times, in microseconds. */
  private nextTime(): string {
    const now = Date.now() * 1000;
    this.lastMicros = Math.max(now, this.lastMicros + 1);
    return timestampFromMicros(this.lastMicros);
  }

  private readTime(): string {
    return timestampFromMicros(Math.max(Date.now() * 1000, this.lastMicros));
  }

  private toDocument(db: DbId, path: string, rec: DocRecord, mask: string[][] | null = null): Document {
    return {
      name: `${dbRoot(db)}/${path}`,
      fields: projectFields(rec, mask),
      createTime: rec.createTime,
      updateTime: rec.updateTime,
    };
  }

  private mask(req: Json): string[][] | null {
    const m = req.mask as { fieldPaths?: unknown } | undefined;
    if (!m || typeof m !== 'object') return null;
    return (Array.isArray(m.fieldPaths) ? m.fieldPaths : []).map((p) => parseFieldPath(p));
  }

  private checkRules(ctx: CallContext): CompiledRules | null {
    if (!this.rules || ctx.caller.kind === 'owner') return null;
    return this.rules;
  }

  private rulesDoc(db: DbId, path: string, rec: DocRecord | null | undefined): RulesDocument | null {
    return rec ? { path: `/databases/${db.database}/documents/${path}`, fields: rec.fields } : null;
  }

  private access(db: DbId, after?: Map<string, DocRecord | null>): RulesDocumentAccess {
    const resolve = (p: string): string | null => {
      const m = /^\/?(?:projects\/[^/]+\/)?databases\/([^/]+)\/documents\/(.+)$/.exec(p);
      if (!m || m[1] !== db.database) return null;
      return m[2]!;
    };
    const store = this.store(db);
    return {
      get: (p) => {
        const path = resolve(p);
        return path ? this.rulesDoc(db, path, store.get(path)) : null;
      },
      getAfter: (p) => {
        const path = resolve(p);
        if (!path) return null;
        const rec = after?.has(path) ? after.get(path) : store.get(path);
        return this.rulesDoc(db, path, rec);
      },
    };
  }

  private authorize(
    rules: CompiledRules,
    ctx: CallContext,
    db: DbId,
    path: string,
    method: RulesMethod,
    resource: DocRecord | null | undefined,
    requestResource: DocRecord | null | undefined,
    access: RulesDocumentAccess,
    query?: RulesRequest['query'],
  ): void {
    const c = ctx.caller;
    const request: RulesRequest = {
      database: db.database,
      path: `/databases/${db.database}/documents/${path}`,
      method,
      auth: c.kind === 'user' ? { uid: c.uid, token: c.token } : null,
      resource: this.rulesDoc(db, path, resource),
      requestResource: this.rulesDoc(db, path, requestResource),
      query,
      time: new Date(),
    };
    let ok = false;
    try {
      ok = rules.authorize(request, access) === true;
    } catch {
      ok = false;
    }
    if (!ok) throw new FirestoreError('PERMISSION_DENIED', DENIED);
  }

  private authorizeList(ctx: CallContext, db: DbId, hits: QueryHit[], q?: CompiledQuery): void {
    const rules = this.checkRules(ctx);
    if (!rules) return;
    const access = this.access(db);
    const query = q ? { limit: q.limit ?? undefined, offset: q.offset || undefined, orderBy: q.explicitOrderBy } : undefined;
    for (const h of hits) this.authorize(rules, ctx, db, h.path, 'list', h.rec, null, access, query);
  }

  /** Resolves the transaction options of a read: an existing one, a new one, or none. */
  private readTxn(req: Json, db: DbId): { txn: Txn | null; created: boolean } {
    if (req.transaction !== undefined && req.transaction !== null && req.transaction !== '') {
      return { txn: this.txns.get(req.transaction, dbKey(db)), created: false };
    }
    if (req.newTransaction && typeof req.newTransaction === 'object') {
      return { txn: this.beginTxn(db, req.newTransaction as Json), created: true };
    }
    return { txn: null, created: false };
  }

  private beginTxn(db: DbId, options: Json | undefined): Txn {
    const readOnly = !!options?.readOnly;
    const retry = (options?.readWrite as Json | undefined)?.retryTransaction;
    return this.txns.begin(dbKey(db), readOnly, typeof retry === 'string' ? retry : undefined);
  }

  /** Locks documents read in a read-write transaction and records the versions seen. */
  private async txnRead(txn: Txn | null, db: DbId, paths: string[]): Promise<void> {
    if (!txn || txn.readOnly) return;
    await this.txns.lock(txn, paths);
    const s = this.store(db);
    for (const p of paths) if (!txn.reads.has(p)) txn.reads.set(p, s.get(p)?.updateTime ?? null);
  }

  /* ------------------------------- reads ------------------------------- */

  async getDocument(req: Json, ctx: CallContext): Promise<Document> {
    const n = parseDocumentName(req.name);
    const { txn } = this.readTxn(req, n);
    await this.txnRead(txn, n, [n.path]);
    const rec = this.store(n).get(n.path);
    const rules = this.checkRules(ctx);
    if (rules) this.authorize(rules, ctx, n, n.path, 'get', rec, null, this.access(n));
    if (!rec) throw new FirestoreError('NOT_FOUND', `Document "${String(req.name)}" not found.`);
    return this.toDocument(n, n.path, rec, this.mask(req));
  }

  async batchGetDocuments(req: Json, ctx: CallContext): Promise<Json[]> {
    const db = parseDatabase(req.database);
    const names = Array.isArray(req.documents) ? req.documents : [];
    const parsed = names.map((name) => {
      const n = parseDocumentName(name);
      if (n.project !== db.project || n.database !== db.database) {
        throw new FirestoreError('INVALID_ARGUMENT', `Document "${String(name)}" is not in database "${String(req.database)}".`);
      }
      return n;
    });
    const { txn, created } = this.readTxn(req, db);
    // Plain reads take no locks: answer at once (a get is the most frequent call there is).
    if (!txn) return this.readDocuments(db, parsed, names, req, ctx);
    const out = await this.endTxnOnError(txn, created, async () => {
      await this.txnRead(txn, db, parsed.map((n) => n.path));
      return this.readDocuments(db, parsed, names, req, ctx);
    });
    const readTime = this.readTime();
    if (created) {
      if (out.length) out[0] = { transaction: txn!.id, ...out[0] };
      else out.push({ transaction: txn!.id, readTime });
    }
    return out;
  }

  private readDocuments(db: DbId, parsed: ParsedName[], names: unknown[], req: Json, ctx: CallContext): Json[] {
    const s = this.store(db);
    const mask = this.mask(req);
    const rules = this.checkRules(ctx);
    const access = rules ? this.access(db) : null;
    const readTime = this.readTime();
    return parsed.map((n, i): Json => {
      const rec = s.get(n.path);
      if (rules) this.authorize(rules, ctx, db, n.path, 'get', rec, null, access!);
      return rec ? { found: this.toDocument(db, n.path, rec, mask), readTime } : { missing: names[i], readTime };
    });
  }

  private queryTarget(req: Json): { db: DbId; parent: string } {
    const p = parseParent(req.parent);
    return { db: p, parent: p.path };
  }

  private async execQuery(req: Json, structured: unknown, ctx: CallContext): Promise<{ db: DbId; hits: QueryHit[]; q: CompiledQuery; txn: Txn | null; created: boolean }> {
    const { db, parent } = this.queryTarget(req);
    const q = compileQuery(parent, structured);
    const { txn, created } = this.readTxn(req, db);
    const hits = await this.endTxnOnError(txn, created, async () => {
      let found = runCompiledQuery(db, this.store(db), q);
      if (txn && !txn.readOnly && found.length) {
        await this.txnRead(txn, db, found.map((h) => h.path));
        // Re-run after waiting for locks so the results reflect the locked state.
        found = runCompiledQuery(db, this.store(db), q);
      }
      this.authorizeList(ctx, db, found, q);
      return found;
    });
    return { db, hits, q, txn, created };
  }

  /** A transaction begun by a read that then fails was never handed out: end it so its locks go. */
  private async endTxnOnError<T>(txn: Txn | null, created: boolean, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (created && txn) this.txns.finish(txn);
      throw e;
    }
  }

  async runQuery(req: Json, ctx: CallContext): Promise<Json[]> {
    if (!req.structuredQuery) throw new FirestoreError('INVALID_ARGUMENT', 'runQuery requires a structuredQuery.');
    const { db, hits, q, txn, created } = await this.execQuery(req, req.structuredQuery, ctx);
    const readTime = this.readTime();
    const out: Json[] = hits.map((h) => ({ document: this.toDocument(db, h.path, h.rec, q.select), readTime }));
    if (out.length === 0) out.push({ readTime });
    if (created) out[0] = { transaction: txn!.id, ...out[0] };
    return out;
  }

  async runAggregationQuery(req: Json, ctx: CallContext): Promise<Json[]> {
    const saq = req.structuredAggregationQuery as Json | undefined;
    if (!saq || !saq.structuredQuery) throw new FirestoreError('INVALID_ARGUMENT', 'runAggregationQuery requires a structuredAggregationQuery.');
    const aggs = Array.isArray(saq.aggregations) ? (saq.aggregations as Json[]) : [];
    if (aggs.length === 0) throw new FirestoreError('INVALID_ARGUMENT', 'At least one aggregation is required.');
    if (aggs.length > 5) throw new FirestoreError('INVALID_ARGUMENT', 'At most 5 aggregations are allowed.');
    const { hits, txn, created } = await this.execQuery(req, saq.structuredQuery, ctx);
    const fields: Record<string, Value> = {};
    aggs.forEach((a, i) => {
      const alias = typeof a.alias === 'string' && a.alias ? a.alias : `field_${i + 1}`;
      fields[alias] = aggregate(a, hits);
    });
    const res: Json = { result: { aggregateFields: fields }, readTime: this.readTime() };
    if (created) res.transaction = txn!.id;
    return [res];
  }

  async listDocuments(req: Json, ctx: CallContext): Promise<Json> {
    const p = parseParent(req.parent);
    const collectionId = req.collectionId === undefined || req.collectionId === '' ? '' : checkCollectionId(req.collectionId);
    const s = this.store(p);
    const prefix = p.path === '' ? '' : p.path + '/';
    this.readTxn(req, p); // rejects an unknown transaction id; listing takes no locks
    // Collections to list: the named one, or every collection directly under the parent.
    const colls: string[] = [];
    for (const c of s.allCollections()) {
      if (!c.startsWith(prefix)) continue;
      const rest = c.slice(prefix.length);
      if (rest.includes('/')) continue;
      if (collectionId && rest !== collectionId) continue;
      colls.push(c);
    }
    const paths = new Set<string>();
    for (const c of colls) for (const d of s.collectionDocs(c)) paths.add(d);
    if (req.showMissing === true || req.showMissing === 'true') {
      // Documents that do not exist but have subcollections.
      for (const c of s.allCollections()) {
        if (!c.startsWith(prefix)) continue;
        const segs = c.slice(prefix.length).split('/');
        if (segs.length < 3) continue;
        if (collectionId && segs[0] !== collectionId) continue;
        paths.add(prefix + segs[0] + '/' + segs[1]);
      }
    }
    let sorted = [...paths].sort(comparePaths);
    const token = typeof req.pageToken === 'string' && req.pageToken ? Buffer.from(req.pageToken, 'base64').toString('utf8') : null;
    if (token !== null) sorted = sorted.filter((x) => comparePaths(x, token) > 0);
    const size = Number(req.pageSize ?? 0);
    if (!Number.isInteger(size) || size < 0) throw new FirestoreError('INVALID_ARGUMENT', 'pageSize must be a non-negative integer.');
    const page = size > 0 ? sorted.slice(0, size) : sorted;
    const mask = this.mask(req);
    const hits = page.flatMap((x) => {
      const rec = s.get(x);
      return rec ? [{ path: x, rec }] : [];
    });
    this.authorizeList(ctx, p, hits);
    const documents = page.map((x) => {
      const rec = s.get(x);
      return rec ? this.toDocument(p, x, rec, mask) : { name: `${dbRoot(p)}/${x}` };
    });
    const out: Json = { documents };
    if (size > 0 && sorted.length > size) out.nextPageToken = Buffer.from(page[page.length - 1]!).toString('base64');
    return out;
  }

  async listCollectionIds(req: Json, ctx: CallContext): Promise<Json> {
    const p = parseParent(req.parent);
    if (this.checkRules(ctx)) throw new FirestoreError('PERMISSION_DENIED', DENIED);
    const prefix = p.path === '' ? '' : p.path + '/';
    const ids = new Set<string>();
    for (const c of this.store(p).allCollections()) {
      if (!c.startsWith(prefix)) continue;
      ids.add(c.slice(prefix.length).split('/')[0]!);
    }
    let sorted = [...ids].sort(compareUtf8);
    if (typeof req.pageToken === 'string' && req.pageToken) {
      const after = req.pageToken;
      sorted = sorted.filter((x) => compareUtf8(x, after) > 0);
    }
    const size = Number(req.pageSize ?? 0);
    const page = size > 0 ? sorted.slice(0, size) : sorted;
    const out: Json = { collectionIds: page };
    if (size > 0 && sorted.length > size) out.nextPageToken = page[page.length - 1];
    return out;
  }

  /* ------------------------------- writes ------------------------------ */

  private parseWrites(db: DbId, raw: unknown): ParsedWrite[] {
    if (raw !== undefined && !Array.isArray(raw)) throw new FirestoreError('INVALID_ARGUMENT', 'writes must be an array.');
    const writes = (raw ?? []) as unknown[];
    if (writes.length > MAX_WRITES) {
      throw new FirestoreError('INVALID_ARGUMENT', `A commit can contain at most ${MAX_WRITES} writes; this one has ${writes.length}.`);
    }
    return writes.map((w) => {
      const p = parseWrite(w);
      if (p.name.project !== db.project || p.name.database !== db.database) {
        throw new FirestoreError('INVALID_ARGUMENT', `Document "${p.fullName}" is not in the database being written.`);
      }
      return p;
    });
  }

  /**
   * Applies writes atomically: computes every outcome against an overlay,
   * checks rules with the whole batch visible, logs durably, then publishes.
   */
  private applyAtomic(db: DbId, writes: ParsedWrite[], ctx: CallContext): { results: Json[]; commitTime: string } {
    const s = this.store(db);
    const commitTime = this.nextTime();
    const overlay = new Map<string, DocRecord | null>();
    const before = (p: string) => (overlay.has(p) ? overlay.get(p)! : (s.get(p) ?? null));
    const results: Json[] = [];
    const checks: { w: ParsedWrite; prev: DocRecord | null; next: DocRecord | null }[] = [];
    for (const w of writes) {
      const prev = before(w.name.path);
      const o = applyWrite(w, prev ?? undefined, commitTime);
      // A write that changes nothing keeps the document's update time, as Firestore does.
      if (o.rec && prev && sameFields(prev.fields, o.rec.fields)) o.rec = prev;
      if (o.rec !== undefined) {
        overlay.set(w.name.path, o.rec);
        checks.push({ w, prev: s.get(w.name.path) ?? null, next: o.rec });
      }
      const r: Json = {};
      if (o.rec) r.updateTime = o.rec.updateTime;
      if (w.transforms.length) r.transformResults = o.transformResults;
      results.push(r);
    }
    const rules = this.checkRules(ctx);
    if (rules) {
      const access = this.access(db, overlay);
      for (const { w, prev, next } of checks) {
        const method: RulesMethod = next ? (prev ? 'update' : 'create') : 'delete';
        this.authorize(rules, ctx, db, w.name.path, method, prev, next, access);
      }
    }
    if (overlay.size) {
      const changes: Change[] = [...overlay];
      this.log?.appendCommit(dbKey(db), changes);
      for (const [p, r] of changes) s.put(p, r);
    }
    return { results, commitTime };
  }

  async commit(req: Json, ctx: CallContext): Promise<Json> {
    const db = parseDatabase(req.database);
    const writes = this.parseWrites(db, req.writes);
    let txn: Txn | null = null;
    if (req.transaction !== undefined && req.transaction !== null && req.transaction !== '') {
      txn = this.txns.get(req.transaction, dbKey(db));
      if (txn.readOnly && writes.length) {
        this.txns.finish(txn);
        throw new FirestoreError('INVALID_ARGUMENT', 'Cannot write in a read-only transaction.');
      }
      const s = this.store(db);
      for (const [p, seen] of txn.reads) {
        if ((s.get(p)?.updateTime ?? null) !== seen) {
          this.txns.finish(txn);
          throw new FirestoreError('ABORTED', 'Transaction aborted: a document it read was changed by another write. Retry the transaction.');
        }
      }
    }
    try {
      const { results, commitTime } = this.applyAtomic(db, writes, ctx);
      return { writeResults: results, commitTime };
    } finally {
      if (txn) this.txns.finish(txn);
    }
  }

  async batchWrite(req: Json, ctx: CallContext): Promise<Json> {
    const db = parseDatabase(req.database);
    const raw = req.writes;
    if (raw !== undefined && !Array.isArray(raw)) throw new FirestoreError('INVALID_ARGUMENT', 'writes must be an array.');
    const list = (raw ?? []) as unknown[];
    if (list.length > MAX_WRITES) {
      throw new FirestoreError('INVALID_ARGUMENT', `A batch write can contain at most ${MAX_WRITES} writes; this one has ${list.length}.`);
    }
    const writeResults: Json[] = [];
    const status: Json[] = [];
    for (const w of list) {
      try {
        const [pw] = this.parseWrites(db, [w]);
        const { results } = this.applyAtomic(db, [pw!], ctx);
        writeResults.push(results[0]!);
        status.push({});
      } catch (e) {
        const err = e instanceof FirestoreError ? e : new FirestoreError('INTERNAL', String(e));
        writeResults.push({});
        status.push({ code: grpcNumber(err.code), message: err.message });
      }
    }
    return { writeResults, status };
  }

  async beginTransaction(req: Json, _ctx: CallContext): Promise<Json> {
    const db = parseDatabase(req.database);
    const t = this.beginTxn(db, req.options as Json | undefined);
    return { transaction: t.id };
  }

  async rollback(req: Json, _ctx: CallContext): Promise<Json> {
    const db = parseDatabase(req.database);
    const t = this.txns.get(req.transaction, dbKey(db));
    this.txns.finish(t);
    return {};
  }

  async createDocument(req: Json, ctx: CallContext): Promise<Document> {
    const p = parseParent(req.parent);
    const collectionId = checkCollectionId(req.collectionId);
    const id = typeof req.documentId === 'string' && req.documentId ? req.documentId : autoId();
    const path = `${p.path === '' ? '' : p.path + '/'}${collectionId}/${id}`;
    const name = `${dbRoot(p)}/${path}`;
    const doc = (req.document ?? {}) as Json;
    const w = parseWrite({ update: { name, fields: doc.fields ?? {} }, currentDocument: { exists: false } });
    this.applyAtomic(p, [w], ctx);
    return this.toDocument(p, path, this.store(p).get(path)!, this.mask(req));
  }

  async updateDocument(req: Json, ctx: CallContext): Promise<Document> {
    const doc = (req.document ?? {}) as Json;
    const n = parseDocumentName(doc.name);
    const write: Json = { update: { name: doc.name, fields: doc.fields ?? {} } };
    if (req.updateMask) write.updateMask = req.updateMask;
    if (req.currentDocument) write.currentDocument = req.currentDocument;
    this.applyAtomic(n, [parseWrite(write)], ctx);
    return this.toDocument(n, n.path, this.store(n).get(n.path)!, this.mask(req));
  }

  async deleteDocument(req: Json, ctx: CallContext): Promise<Json> {
    const n = parseDocumentName(req.name);
    const write: Json = { delete: req.name };
    if (req.currentDocument) write.currentDocument = req.currentDocument;
    this.applyAtomic(n, [parseWrite(write)], ctx);
    return {};
  }

  /* ------------------------- emulator conveniences ------------------------- */

  /** Deletes every document of one database (the emulator's DELETE .../documents). */
  clearDatabase(db: DbId): void {
    const key = dbKey(db);
    this.txns.clear(key);
    this.log?.appendClear(key);
    this.stores.get(key)?.clear();
  }

  /** Writes documents given as REST fields, e.g. from an import file; one durable commit per database. */
  importDocuments(db: DbId, docs: Record<string, Fields>): number {
    const writes = Object.entries(docs).map(([path, fields]) =>
      parseWrite({ update: { name: `${dbRoot(db)}/${path}`, fields: normalizeFields(fields) } }),
    );
    for (let i = 0; i < writes.length; i += MAX_WRITES) {
      this.applyAtomic(db, writes.slice(i, i + MAX_WRITES), { caller: { kind: 'owner' } });
    }
    return writes.length;
  }
}

/** Exact equality of stored fields (types included: 1 and 1.0 differ; key order does not matter). */
function sameFields(a: Fields, b: Fields): boolean {
  if (a === b) return true;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    const y = b[k];
    if (y === undefined || !sameValue(a[k]!, y)) return false;
  }
  return true;
}

function sameValue(a: Value, b: Value): boolean {
  if (a === b) return true;
  const [ka] = Object.keys(a);
  const [kb] = Object.keys(b);
  if (ka !== kb || ka === undefined) return false;
  const x = (a as Record<string, unknown>)[ka];
  const y = (b as Record<string, unknown>)[ka];
  if (ka === 'mapValue') return sameFields((x as { fields?: Fields }).fields ?? {}, (y as { fields?: Fields }).fields ?? {});
  if (ka === 'arrayValue') {
    const xs = (x as { values?: Value[] }).values ?? [];
    const ys = (y as { values?: Value[] }).values ?? [];
    return xs.length === ys.length && xs.every((v, i) => sameValue(v, ys[i]!));
  }
  if (ka === 'geoPointValue') return JSON.stringify(x) === JSON.stringify(y);
  if (ka === 'doubleValue') return Object.is(Number(x), Number(y));
  return x === y || String(x) === String(y);
}

function aggregate(a: Json, hits: QueryHit[]): Value {
  if (a.count !== undefined) {
    const upTo = (a.count as Json | null)?.upTo;
    let n = hits.length;
    const cap = upTo === undefined || upTo === null ? null : Number(typeof upTo === 'object' ? (upTo as Json).value : upTo);
    if (cap !== null && Number.isFinite(cap) && cap >= 0) n = Math.min(n, cap);
    return { integerValue: String(n) };
  }
  const spec = (a.sum ?? a.avg) as Json | undefined;
  if (!spec) throw new FirestoreError('INVALID_ARGUMENT', 'Unknown aggregation: expected count, sum or avg.');
  const field = parseFieldPath((spec.field as Json | undefined)?.fieldPath);
  const values: Value[] = [];
  for (const h of hits) {
    let cur: Value | undefined;
    let f: Fields | undefined = h.rec.fields;
    for (let i = 0; i < field.length && f; i++) {
      cur = f[field[i]!];
      f = cur && 'mapValue' in cur && i < field.length - 1 ? cur.mapValue.fields : undefined;
      if (i < field.length - 1 && !f) cur = undefined;
    }
    if (cur && isNumber(cur)) values.push(cur);
  }
  if (a.sum !== undefined) {
    if (values.length === 0) return { integerValue: '0' };
    if (values.every((v) => 'integerValue' in v)) {
      let s = 0n;
      for (const v of values) s += BigInt((v as { integerValue: string }).integerValue);
      if (s <= 9223372036854775807n && s >= -9223372036854775808n) return { integerValue: s.toString() };
      return dbl(Number(s));
    }
    let s = 0;
    for (const v of values) s += toDouble(v);
    return dbl(s);
  }
  if (values.length === 0) return { nullValue: null };
  if (values.some(isNaNValue)) return { doubleValue: 'NaN' };
  let s = 0;
  for (const v of values) s += toDouble(v);
  return dbl(s / values.length);
}

function dbl(n: number): Value {
  if (Number.isNaN(n)) return { doubleValue: 'NaN' };
  if (!Number.isFinite(n)) return { doubleValue: n > 0 ? 'Infinity' : '-Infinity' };
  return { doubleValue: n };
}

function grpcNumber(code: ErrorCode): number {
  return GRPC_CODE[code];
}

const AUTO_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function autoId(): string {
  let s = '';
  for (let i = 0; i < 20; i++) s += AUTO_ID_CHARS[Math.floor(Math.random() * AUTO_ID_CHARS.length)];
  return s;
}

