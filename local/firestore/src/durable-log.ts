/**
 * Durability for one data directory: a snapshot (one line per document) plus
 * numbered append-only logs (one line per commit, so a commit is all or
 * nothing). Every append is written and fdatasync'ed before the commit is
 * acknowledged. On start the snapshot and logs are replayed, a fresh log is
 * opened, and a new snapshot is written in the background; old logs are
 * deleted only once it is safely renamed.
 *
 * Line format (tab-separated; JSON text never contains a raw tab or newline):
 *   c <db json> then per document: <path json> <createTime> <updateTime> <fields json>
 *     (a delete leaves the last three empty)
 *   x <db json>    the database was cleared
 * Fields stay unparsed text until first read (LazyDoc), which keeps restarts fast.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fieldsJson, LazyDoc, type DocRecord } from './store.ts';

/** A document change: [path, record] with record null for a delete. */
export type Change = [path: string, rec: DocRecord | null];

export interface LogSink {
  /** Replays a database's changes in order. */
  apply(db: string, changes: Change[]): void;
  clear(db: string): void;
}

const SNAPSHOT = 'snapshot.fslog';
const LOG = /^log\.(\d+)\.fslog$/;

export class DurableLog {
  private fd = -1;
  private seq = 0;
  private compaction: Promise<void> | null = null;
  private closed = false;
  private lockFile: string | null = null;

  constructor(private readonly dir: string) {}

  /** Loads everything on disk into the sink, then opens a new log for appends. */
  load(sink: LogSink): void {
    fs.mkdirSync(this.dir, { recursive: true });
    this.takeLock();
    fs.rmSync(path.join(this.dir, SNAPSHOT + '.tmp'), { force: true });
    const snap = path.join(this.dir, SNAPSHOT);
    if (fs.existsSync(snap)) {
      // Consecutive snapshot lines of one database are applied in batches.
      let batchDb = '';
      let batch: Change[] = [];
      readLines(snap, (data, start, end) => {
        const { db, changes } = parseLine(data, start, end);
        if (db !== batchDb || batch.length >= 1000) {
          if (batch.length) sink.apply(batchDb, batch);
          batchDb = db;
          batch = [];
        }
        batch.push(...changes);
      });
      if (batch.length) sink.apply(batchDb, batch);
    }
    for (const { file, seq } of this.logs()) {
      this.seq = Math.max(this.seq, seq);
      readLines(path.join(this.dir, file), (data, start, end) => {
        const e = parseLine(data, start, end);
        if (e.clear) sink.clear(e.db);
        else sink.apply(e.db, e.changes);
      });
    }
    this.seq += 1;
    this.fd = fs.openSync(path.join(this.dir, `log.${this.seq}.fslog`), 'a');
    fsyncDir(this.dir);
  }

  /** One engine per data directory: a second one would interleave logs. A dead owner's lock is taken over. */
  private takeLock(): void {
    const lock = path.join(this.dir, 'LOCK');
    try {
      const pid = Number(fs.readFileSync(lock, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(`data directory ${this.dir} is in use by process ${pid}`);
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    fs.writeFileSync(lock, String(process.pid));
    this.lockFile = lock;
  }

  private logs(): { file: string; seq: number }[] {
    return fs
      .readdirSync(this.dir)
      .map((file) => ({ file, m: LOG.exec(file) }))
      .filter((x) => x.m)
      .map((x) => ({ file: x.file, seq: Number(x.m![1]) }))
      .sort((a, b) => a.seq - b.seq);
  }

  /** Appends one commit and waits for it to reach the disk. */
  appendCommit(db: string, changes: Change[]): void {
    let line = 'c\t' + JSON.stringify(db);
    for (const [p, r] of changes) line += '\t' + docTokens(p, r);
    this.write(line + '\n');
  }

  appendClear(db: string): void {
    this.write('x\t' + JSON.stringify(db) + '\n');
  }

  private write(line: string): void {
    if (this.fd < 0) throw new Error('durable log is not open');
    const buf = Buffer.from(line);
    let off = 0;
    while (off < buf.length) off += fs.writeSync(this.fd, buf, off);
    fs.fdatasyncSync(this.fd);
  }

  /**
   * Writes a snapshot of the given documents (a consistent view captured by the
   * caller; records are immutable) in the background, then drops older logs.
   */
  compact(docs: [db: string, path: string, rec: DocRecord][]): Promise<void> {
    const upTo = this.seq - 1;
    const run = async () => {
      const tmp = path.join(this.dir, SNAPSHOT + '.tmp');
      const fh = await fs.promises.open(tmp, 'w');
      try {
        // Lines go straight into a reused buffer so the stringified text dies young (keeps RSS flat).
        const buf = Buffer.allocUnsafe(1024 * 1024);
        let used = 0;
        const flush = async () => {
          let off = 0;
          while (off < used) off += (await fh.write(buf, off, used - off)).bytesWritten;
          used = 0;
        };
        for (const [db, p, r] of docs) {
          if (this.closed) return;
          const line = 'c\t' + JSON.stringify(db) + '\t' + docTokens(p, r) + '\n';
          const len = Buffer.byteLength(line);
          if (used + len > buf.length) await flush();
          if (len > buf.length) {
            await fh.write(line);
            continue;
          }
          used += buf.write(line, used);
        }
        await flush();
        await fh.datasync();
      } finally {
        await fh.close();
      }
      if (this.closed) return;
      fs.renameSync(tmp, path.join(this.dir, SNAPSHOT));
      fsyncDir(this.dir);
      for (const { file, seq } of this.logs()) if (seq <= upTo) fs.rmSync(path.join(this.dir, file), { force: true });
    };
    this.compaction = run().catch((e) => {
      console.error('firestore: snapshot compaction failed (logs kept):', e);
    });
    return this.compaction;
  }

  async close(): Promise<void> {
    // An unfinished snapshot is abandoned (its .tmp file is removed on the next start); the logs still hold everything.
    this.closed = true;
    if (this.compaction) await this.compaction;
    if (this.fd >= 0) {
      fs.fdatasyncSync(this.fd);
      fs.closeSync(this.fd);
      this.fd = -1;
    }
    if (this.lockFile) fs.rmSync(this.lockFile, { force: true });
    this.lockFile = null;
  }
}

function fsyncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic.
  }
}

/** Calls fn for every complete line; a torn last line (crash mid-append) is cut off the file. */
function readLines(file: string, fn: (data: Buffer, start: number, end: number) => void): void {
  const fd = fs.openSync(file, 'r+');
  try {
    const buf = Buffer.allocUnsafe(8 * 1024 * 1024);
    let carry: Buffer = Buffer.alloc(0);
    let pos = 0;
    let good = 0;
    for (;;) {
      const n = fs.readSync(fd, buf, 0, buf.length, pos);
      if (n === 0) break;
      pos += n;
      const data: Buffer = carry.length ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n);
      let start = 0;
      for (;;) {
        const nl = data.indexOf(10, start);
        if (nl < 0) break;
        if (nl > start) {
          try {
            fn(data, start, nl);
          } catch (e) {
            if (e instanceof SyntaxError) {
              console.error(`firestore: ignoring corrupt line in ${file} at byte ${good}`);
              fs.ftruncateSync(fd, good);
              return;
            }
            throw e;
          }
        }
        good += nl + 1 - start;
        start = nl + 1;
      }
      carry = Buffer.from(data.subarray(start));
    }
    if (carry.length) fs.ftruncateSync(fd, good);
  } finally {
    fs.closeSync(fd);
  }
}

function docTokens(p: string, r: DocRecord | null): string {
  return r ? `${JSON.stringify(p)}\t${r.createTime}\t${r.updateTime}\t${fieldsJson(r)}` : `${JSON.stringify(p)}\t\t\t`;
}

/**
 * Parses one line given as bytes. Every token is decoded on its own so the
 * strings kept by a record never pin the rest of the line in memory.
 */
function parseLine(data: Buffer, start: number, end: number): { db: string; clear: boolean; changes: Change[] } {
  const tabs: number[] = [];
  for (let i = data.indexOf(9, start); i >= 0 && i < end; i = data.indexOf(9, i + 1)) tabs.push(i);
  tabs.push(end);
  const token = (k: number): string => data.toString('utf8', k === 0 ? start : tabs[k - 1]! + 1, tabs[k]!);
  const kind = token(0);
  const db = JSON.parse(token(1)) as string;
  if (kind === 'x') return { db, clear: true, changes: [] };
  if (kind !== 'c' || (tabs.length - 2) % 4 !== 0) throw new SyntaxError('malformed log line');
  const changes: Change[] = [];
  for (let k = 2; k < tabs.length; k += 4) {
    const p = JSON.parse(token(k)) as string;
    const c = token(k + 1);
    if (c === '') {
      changes.push([p, null]);
      continue;
    }
    const u = token(k + 2);
    const fields = token(k + 3);
    if (fields[0] !== '{' || fields[fields.length - 1] !== '}') throw new SyntaxError('malformed fields');
    changes.push([p, new LazyDoc(fields, c, u === c ? c : u)]);
  }
  return { db, clear: false, changes };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
