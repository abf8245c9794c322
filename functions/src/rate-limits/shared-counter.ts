// Rate limits every instance sees: each (rule, key) is counted in Firestore, in one counter document per window
// (`rateLimits/{rule}:{hash of key}:{window}`, or one per shard), so a burst spread over many instances is counted
// once. A request costs one round trip: a batched write (an atomic increment per rule) whose answer carries each
// counter's new total, beside a batched read of the previous window's counters (and a sharded key's other shards).
// Each request counts itself before it learns the total, and the totals are handed out in the order the increments
// were applied, so the requests that fit are never more than the limit, however many arrive at once (a sharded key's
// other shards are read beside the increment, so there a burst may slip a few past it). Refused requests count too,
// so a flood stays refused while it lasts.
// Within one instance, checks of the same key take turns: were they all to count before any of them read, a burst
// would read a count above the limit everywhere and nothing would be let through. So at most one check per key
// and instance is in flight, and a burst over N instances loses at most N-1 requests of its allowance.
// Each instance also remembers, briefly, the keys it saw refused, and refuses those without a round trip (the
// checks waiting their turn behind a refusal are answered at once).
// Documents carry `expiresAt` (Firestore TTL in firestore.indexes.json) and only a hash of the key: no address
// or e-mail is stored. No client may read or write them (firestore.rules).
import { createHash } from 'node:crypto';
import { COLLECTIONS } from '@parley/core';
import { FieldValue, Timestamp, type DocumentReference, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { incrementCounting } from '../adapters/counted-increments';
import { TooManyRequestsError, type RateHit, type RateLimits, type RateRule } from './rate-limits';
import { decide } from './sliding-window';

/** Keys this instance remembers as refused; beyond this the oldest are forgotten (Firestore stays the authority). */
const FRONT_CAPACITY = 10_000;

export interface SharedRateLimitsOptions {
  /** The database holding the counters (one for every region, so an address is counted once). */
  db: () => Firestore;
  now?: () => number;
  /** Picks the shard a request is counted on. */
  random?: () => number;
}

interface Plan {
  hit: RateHit;
  bucket: number;
  counters: DocumentReference[];
  previous: DocumentReference[];
}

const keyHash = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 22);

function refsOf(db: Firestore, rule: RateRule, key: string, bucket: number): DocumentReference[] {
  const base = `${COLLECTIONS.rateLimits}/${rule.name}:${keyHash(key)}:${bucket}`;
  const shards = rule.shards ?? 1;
  return shards === 1 ? [db.doc(base)] : Array.from({ length: shards }, (_, s) => db.doc(`${base}:${s}`));
}

function planOf(db: Firestore, hit: RateHit, now: number): Plan {
  const bucket = Math.floor(now / hit.rule.windowMs);
  return { hit, bucket, counters: refsOf(db, hit.rule, hit.key, bucket), previous: refsOf(db, hit.rule, hit.key, bucket - 1) };
}

/** Counters are read in their window and the next (as the previous window), then expire. */
const expiry = (plan: Plan) => Timestamp.fromMillis((plan.bucket + 2) * plan.hit.rule.windowMs);

export function sharedRateLimits(options: SharedRateLimitsOptions): RateLimits & { forget(): void } {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  /** `rule|key` → until when this instance already knows it is refused. */
  const front = new Map<string, number>();
  const frontKey = (hit: RateHit) => `${hit.rule.name}|${hit.key}`;
  /** `rule|key` → the check of it in flight on this instance (settled, never rejected). */
  const turns = new Map<string, Promise<unknown>>();

  /** Runs `task` once this instance's earlier checks of the same keys are done. */
  async function inTurn<T>(keys: string[], task: () => Promise<T>): Promise<T> {
    const earlier = keys.map((k) => turns.get(k)).filter((p) => p !== undefined);
    const run = Promise.all(earlier).then(task);
    const done = run.catch(() => undefined);
    for (const k of keys) turns.set(k, done);
    try {
      return await run;
    } finally {
      for (const k of keys) if (turns.get(k) === done) turns.delete(k);
    }
  }

  function knownRefusal(hits: readonly RateHit[], at: number): void {
    for (const hit of hits) {
      const until = front.get(frontKey(hit));
      if (until === undefined) continue;
      if (until > at) throw new TooManyRequestsError(Math.ceil((until - at) / 1000));
      front.delete(frontKey(hit));
    }
  }

  function remember(hit: RateHit, until: number): void {
    if (front.size >= FRONT_CAPACITY) front.delete(front.keys().next().value!);
    front.set(frontKey(hit), until);
  }

  /** This window's count before the request (the others' requests only) and the previous window's, per plan. */
  interface Counts {
    current: number;
    previous: number;
  }

  /** Decides every plan on its counts; throws on any refusal (remembering it). */
  function decideAll(plans: Plan[], counts: Counts[], at: number): void {
    let wait = 0;
    plans.forEach((plan, i) => {
      const { rule } = plan.hit;
      const decision = decide(rule.limit, rule.windowMs, { start: plan.bucket * rule.windowMs, ...counts[i]! }, at);
      if (decision.allowed) return;
      remember(plan.hit, at + decision.retryAfterMs);
      wait = Math.max(wait, decision.retryAfterMs);
    });
    if (wait > 0) throw new TooManyRequestsError(Math.ceil(wait / 1000));
  }

  const sum = (snaps: DocumentSnapshot[]) => snaps.reduce((total, s) => total + ((s.get('count') as number | undefined) ?? 0), 0);

  /** Reads both windows' counters (`spent`: this window's already include this request). */
  async function readCounts(db: Firestore, plans: Plan[], spent: boolean): Promise<Counts[]> {
    const snaps = await db.getAll(...plans.flatMap((p) => [...p.counters, ...p.previous]));
    let offset = 0;
    return plans.map((plan) => {
      const n = plan.counters.length;
      const counts = { current: sum(snaps.slice(offset, offset + n)) - (spent ? 1 : 0), previous: sum(snaps.slice(offset + n, offset + 2 * n)) };
      offset += 2 * n;
      return counts;
    });
  }

  /**
   * Counts the request and reads what the decision needs, in one round trip: the commit hands back each counter's
   * total after the increment, while the previous window (no longer counted) and a sharded key's other shards are
   * read beside it. Where the totals do not come back, the counters are read after the commit.
   */
  async function countAndRead(db: Firestore, plans: Plan[]): Promise<Counts[]> {
    const chosen = plans.map((plan) => plan.counters[Math.floor(random() * plan.counters.length)]!);
    const besides = plans.map((plan, i) => [...plan.counters.filter((c) => c !== chosen[i]), ...plan.previous]);
    const flat = besides.flat();
    const [totals, snaps] = await Promise.all([
      incrementCounting(db, plans.map((plan, i) => ({ ref: chosen[i]!, field: 'count', also: { expiresAt: expiry(plan) } }))),
      flat.length > 0 ? db.getAll(...flat) : Promise.resolve([] as DocumentSnapshot[]),
    ]);
    if (!totals) return readCounts(db, plans, true);
    let offset = 0;
    return plans.map((plan, i) => {
      const shards = plan.counters.length - 1;
      const read = snaps.slice(offset, offset + besides[i]!.length);
      offset += besides[i]!.length;
      return { current: totals[i]! - 1 + sum(read.slice(0, shards)), previous: sum(read.slice(shards)) };
    });
  }

  function increment(db: Firestore, plans: Plan[]): Promise<unknown> {
    const batch = db.batch();
    for (const plan of plans) {
      const counter = plan.counters[Math.floor(random() * plan.counters.length)]!;
      batch.set(counter, { count: FieldValue.increment(1), expiresAt: expiry(plan) }, { merge: true });
    }
    return batch.commit();
  }

  return {
    async enforce(...hits) {
      const live = hits.filter((h) => h.key);
      if (live.length === 0) return;
      // Sharded keys are busy by design (an agent's every visitor): they never wait, and may over-count a little.
      const single = live.filter((h) => (h.rule.shards ?? 1) === 1).map(frontKey);
      await inTurn(single, async () => {
        const at = now();
        knownRefusal(live, at);
        const db = options.db();
        const plans = live.map((h) => planOf(db, h, at));
        decideAll(plans, await countAndRead(db, plans), at);
      });
    },
    async enforceNotExhausted(rule, key) {
      if (!key) return;
      const at = now();
      knownRefusal([{ rule, key }], at);
      const db = options.db();
      const plans = [planOf(db, { rule, key }, at)];
      decideAll(plans, await readCounts(db, plans, false), at);
    },
    async recordFailure(rule, key) {
      if (!key) return;
      const db = options.db();
      await increment(db, [planOf(db, { rule, key }, now())]);
    },
    forget() {
      front.clear();
    },
  };
}
