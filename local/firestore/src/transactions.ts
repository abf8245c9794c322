/**
 * Read-write transactions, pessimistic like Firestore's server SDK mode: a read
 * inside a transaction takes an exclusive lock on the document, so concurrent
 * transactions on one document run one after another instead of aborting.
 * Versions read are recorded and re-checked at commit (non-transactional
 * writes do not take locks), and a lock wait that lasts too long (a deadlock,
 * or a client that vanished) ends in ABORTED, which the SDKs retry.
 */
import { randomBytes } from 'node:crypto';
import { FirestoreError } from './contract.ts';

export interface Txn {
  id: string;
  db: string;
  readOnly: boolean;
  /** doc path → updateTime seen (null: did not exist). */
  reads: Map<string, string | null>;
  locks: Set<string>;
  lastActive: number;
  done: boolean;
}

interface Lock {
  holder: string;
  waiters: { txn: string; grant: () => void }[];
}

export class TransactionManager {
  private readonly txns = new Map<string, Txn>();
  private readonly locks = new Map<string, Lock>();
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly lockWaitMs = 5000,
    private readonly idleMs = 30000,
  ) {}

  begin(db: string, readOnly: boolean, retryOf?: string): Txn {
    if (retryOf) {
      const old = this.txns.get(retryOf);
      if (old) this.finish(old);
    }
    const t: Txn = {
      id: randomBytes(12).toString('base64'),
      db,
      readOnly,
      reads: new Map(),
      locks: new Set(),
      lastActive: Date.now(),
      done: false,
    };
    this.txns.set(t.id, t);
    this.startSweeper();
    return t;
  }

  get(id: unknown, db: string): Txn {
    const t = typeof id === 'string' ? this.txns.get(id) : undefined;
    if (!t || t.done || t.db !== db) {
      throw new FirestoreError('INVALID_ARGUMENT', 'The referenced transaction has expired or is no longer valid.');
    }
    t.lastActive = Date.now();
    return t;
  }

  /** Waits until the transaction holds the lock on every key (document paths within the transaction's database). */
  async lock(t: Txn, keys: string[]): Promise<void> {
    if (t.readOnly) return;
    // Locks are per database: the same path in another database (or project) is another document.
    // A fixed order avoids deadlocks between transactions locking the same sets.
    for (const key of keys.map((k) => `${t.db}\u0000${k}`).sort()) {
      if (t.locks.has(key)) continue;
      const l = this.locks.get(key);
      if (!l) {
        this.locks.set(key, { holder: t.id, waiters: [] });
        t.locks.add(key);
        continue;
      }
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          const i = l.waiters.indexOf(w);
          if (i >= 0) l.waiters.splice(i, 1);
          this.finish(t);
          reject(new FirestoreError('ABORTED', 'Transaction lock timeout: too much contention on these documents.'));
        }, this.lockWaitMs);
        const w = {
          txn: t.id,
          grant: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        l.waiters.push(w);
      });
      if (t.done) {
        this.release(key, t.id);
        throw new FirestoreError('ABORTED', 'The transaction was aborted while waiting for a lock.');
      }
      t.locks.add(key);
      t.lastActive = Date.now();
    }
  }

  /** Ends a transaction (commit, rollback, expiry) and hands its locks on. */
  finish(t: Txn): void {
    if (t.done) return;
    t.done = true;
    this.txns.delete(t.id);
    for (const key of t.locks) this.release(key, t.id);
    t.locks.clear();
  }

  private release(key: string, holder: string): void {
    const l = this.locks.get(key);
    if (!l || l.holder !== holder) return;
    const next = l.waiters.shift();
    if (next) {
      l.holder = next.txn;
      next.grant();
    } else this.locks.delete(key);
  }

  /** Ends every transaction on a database (it was cleared). */
  clear(db: string): void {
    for (const t of [...this.txns.values()]) if (t.db === db) this.finish(t);
  }

  stop(): void {
    for (const t of [...this.txns.values()]) this.finish(t);
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  private startSweeper(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => {
      const now = Date.now();
      for (const t of [...this.txns.values()]) if (now - t.lastActive > this.idleMs) this.finish(t);
    }, 1000);
    this.sweeper.unref();
  }
}
