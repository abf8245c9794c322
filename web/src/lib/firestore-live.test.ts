// The live sources on the full SDK against Google's Firestore emulator: results in query order, a write
// by another client delivered to the listener, nothing after stopping, rules denials reported as errors.
import { deleteDoc, doc, setDoc } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import rules from '../../../firestore.rules?raw';
import { connectTestFirestore } from '../test/emulator';
import { docSnapshots, querySnapshots, type LiveSource } from './firestore-live';

const fs = connectTestFirestore();

/** Collects what a source delivers until stopped. */
function collect<T>(source: LiveSource<T>) {
  const values: T[] = [];
  const errors: Error[] = [];
  const stop = source(
    (v) => values.push(v),
    (e) => errors.push(e),
  );
  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(values)} ${errors.map(String).join()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { values, errors, stop, until };
}

const titles = (region: 'na' | 'eu', owner: string) =>
  querySnapshots(
    region,
    ({ sdk, db }) => sdk.query(sdk.collection(db, 'voiceglow'), sdk.where('ownerID', '==', owner), sdk.orderBy('title')),
    (snap) => snap.docs.map((d) => String(d.get('title'))),
  );

describe('live sources on the emulator', () => {
  it('delivers the query result, then every change another client writes', async () => {
    await setDoc(doc(fs.server, 'voiceglow/a2'), { ownerID: 'alice', title: 'Beta' });
    await setDoc(doc(fs.server, 'voiceglow/a1'), { ownerID: 'alice', title: 'Alpha' });
    await setDoc(doc(fs.server, 'voiceglow/b1'), { ownerID: 'bob', title: 'Bob bot' });
    const live = collect(titles('na', 'alice'));
    await live.until(() => live.values.length > 0, 'the first snapshot');
    expect(live.values.at(-1)).toEqual(['Alpha', 'Beta']);
    await setDoc(doc(fs.server, 'voiceglow/a3'), { ownerID: 'alice', title: 'Gamma' });
    await live.until(() => live.values.at(-1)?.length === 3, 'the new agent');
    expect(live.values.at(-1)).toEqual(['Alpha', 'Beta', 'Gamma']);
    await deleteDoc(doc(fs.server, 'voiceglow/a1'));
    await live.until(() => live.values.at(-1)?.length === 2, 'the deletion');
    expect(live.values.at(-1)).toEqual(['Beta', 'Gamma']);
    live.stop();
    const delivered = live.values.length;
    await setDoc(doc(fs.server, 'voiceglow/a4'), { ownerID: 'alice', title: 'Delta' });
    await new Promise((r) => setTimeout(r, 300));
    expect(live.values).toHaveLength(delivered);
    expect(live.errors).toEqual([]);
  });

  it('the eu region listens to the voiceglow-eu database, not (default)', async () => {
    await setDoc(doc(fs.server, 'voiceglow/na-only'), { ownerID: 'carol', title: 'In NA' });
    const live = collect(titles('eu', 'carol'));
    await live.until(() => live.values.length > 0, 'the first snapshot');
    expect(live.values.at(-1)).toEqual([]);
    live.stop();
  });

  it('a document source reports existence and field changes', async () => {
    const source = docSnapshots(
      'na',
      ({ sdk, db }) => sdk.doc(db, 'voiceglow/agentX/conversations/c1'),
      (snap) => (snap.exists() ? String(snap.get('control')) : 'missing'),
    );
    const live = collect(source);
    await live.until(() => live.values.length > 0, 'the first snapshot');
    expect(live.values.at(-1)).toBe('missing');
    await setDoc(doc(fs.server, 'voiceglow/agentX/conversations/c1'), { control: 'ai' });
    await live.until(() => live.values.at(-1) === 'ai', 'the new conversation');
    await setDoc(doc(fs.server, 'voiceglow/agentX/conversations/c1'), { control: 'human' }, { merge: true });
    await live.until(() => live.values.at(-1) === 'human', 'the takeover');
    live.stop();
  });

  it('a listener the rules deny ends with permission-denied', async () => {
    await fs.loadRules(rules);
    // Signed out: the rules grant nothing. (A query not listened to before: the SDK would first serve its
    // cached result of an earlier one.)
    const live = collect(titles('na', 'dave'));
    await live.until(() => live.errors.length > 0, 'the denial');
    expect((live.errors[0] as Error & { code?: string }).code).toBe('permission-denied');
    expect(live.values).toEqual([]);
    live.stop();
  });
});
