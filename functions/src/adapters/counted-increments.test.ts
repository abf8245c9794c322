// On Google's Firestore emulator: the commit's own answer carries each counter's total, so a shared counter needs
// one round trip, and concurrent increments each get a different total (the order Firestore applied them in).
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { incrementCounting } from './counted-increments';
import { databaseFor } from './firestore';

const db = () => databaseFor('na');
const expiresAt = Timestamp.fromMillis(Date.now() + 60_000);

describe('counted increments', () => {
  it('hands back every counter’s total after its increment, and writes the fields beside it', async () => {
    const a = db().doc('rateLimits/counted-a');
    const b = db().doc('rateLimits/counted-b');
    expect(await incrementCounting(db(), [{ ref: a, field: 'count', also: { expiresAt } }])).toEqual([1]);
    expect(await incrementCounting(db(), [{ ref: a, field: 'count', also: { expiresAt } }, { ref: b, field: 'count', also: { expiresAt } }])).toEqual([2, 1]);
    expect((await a.get()).data()).toEqual({ count: 2, expiresAt });
  });

  it('gives 20 simultaneous increments of one counter the totals 1 to 20, each once', async () => {
    const ref = db().doc('rateLimits/counted-burst');
    const totals = await Promise.all(Array.from({ length: 20 }, () => incrementCounting(db(), [{ ref, field: 'count', also: { expiresAt } }])));
    expect(totals.map((t) => t![0]).sort((x, y) => x! - y!)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
