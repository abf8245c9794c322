// On Google's Firestore emulator: a transaction the database closed before its commit is run again, once its
// collision is over, and writes once; every other failure reaches the caller at the first attempt.
import { describe, expect, it } from 'vitest';
import { databaseFor, isClosedTransaction } from './firestore';

const db = () => databaseFor('na');
/** The answer the emulator gives a transaction it closed under contention. */
const closed = () => Object.assign(new Error('3 INVALID_ARGUMENT: Transaction is invalid or closed.'), { code: 3, details: 'Transaction is invalid or closed.' });

describe('transactions the database closed', () => {
  it('runs a transaction again after the database closed it, and its write lands once', async () => {
    const ref = db().doc('rateLimits/closed-once');
    await ref.set({ count: 0 });
    let attempts = 0;
    const total = await db().runTransaction(async (tx) => {
      attempts++;
      const count = ((await tx.get(ref)).get('count') as number) + 1;
      if (attempts === 1) throw closed();
      tx.set(ref, { count });
      return count;
    });
    expect({ attempts, total, stored: (await ref.get()).get('count') }).toEqual({ attempts: 2, total: 1, stored: 1 });
  });

  it('gives up after five closed attempts, and passes any other failure on at once', async () => {
    let attempts = 0;
    await expect(db().runTransaction(async () => {
      attempts++;
      throw closed();
    })).rejects.toSatisfy(isClosedTransaction);
    expect(attempts).toBe(5);

    attempts = 0;
    await expect(db().runTransaction(async () => {
      attempts++;
      throw Object.assign(new Error('3 INVALID_ARGUMENT: a bad field'), { code: 3, details: 'a bad field' });
    })).rejects.toThrow('a bad field');
    expect(attempts).toBe(1);
  });
});
