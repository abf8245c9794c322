// The extractor over fixture sources that live only in memory (placed in web/src and functions/src so
// they resolve the real Firebase typings): what it finds, and what it refuses to guess.
import { beforeAll, describe, expect, it } from 'vitest';
import { describeShape } from './check';
import type { Extraction } from './extract';
import { extractFixtures } from './test-fixture';

const WEB_LITE = 'web/src/__index_fixture_lite__.ts';
const WEB_LIVE = 'web/src/__index_fixture_live__.ts';
const FUNCTIONS = 'functions/src/__index_fixture_admin__.ts';

const sources: Record<string, string> = {
  [WEB_LITE]: `
import { collection, collectionGroup, documentId, getDocs, limit, orderBy as sortBy, query, where, and, or } from 'firebase/firestore/lite';
import { COLLECTIONS } from '@parley/core';
declare const db: import('firebase/firestore/lite').Firestore;
const OWNER = 'ownerID';
const newestFirst = sortBy('ts', 'desc');
type Level = 1 | 2;
const name = (level: Level) => (level === 1 ? 'notifications-1' : 'notifications-2');
export async function reads(agentId: string, field: string, op: '==' | '>', level: Level, extra: ReturnType<typeof where>[]) {
  await getDocs(query(collection(db, COLLECTIONS.agents, agentId, 'backups'), where(OWNER, '==', 'u'), newestFirst, limit(5)));
  await getDocs(query(collection(db, name(level)), where('ownerID', '==', 'u')));
  await getDocs(query(query(collectionGroup(db, 'kb'), where('sourceType', '==', 'url')), sortBy('createdAt')));
  await getDocs(query(collection(db, \`voiceglow/\${agentId}/kb\`), and(where('a', '==', 1), where('b', op, 2))));
  await getDocs(query(collection(db, 'users'), where(documentId(), '==', 'x')));
  await getDocs(query(collection(db, 'users'), where(field, '==', 1)));
  await getDocs(query(collection(db, 'users'), ...extra));
  await getDocs(query(collection(db, 'users'), or(where('a', '==', 1), where('b', '==', 2))));
  await getDocs(query(collection(db, agentId), where('a', '==', 1)));
}
function orderBy(items: string[]) { return [...items].sort(); } // not Firestore's
export const sorted = orderBy(['b', 'a']);
`,
  [WEB_LIVE]: `
import { onSnapshot } from 'firebase/firestore';
import type * as FullSdk from 'firebase/firestore';
declare const db: FullSdk.Firestore;
export async function live(agentId: string) {
  const sdk = await import('firebase/firestore');
  onSnapshot(sdk.query(sdk.collection(db, 'voiceglow', agentId, 'conversations'), sdk.where('status', '==', 'open'), sdk.orderBy('lastMessageAt', 'desc')), () => {});
  const { query, collection, orderBy, limitToLast } = sdk;
  onSnapshot(query(collection(db, 'messages'), orderBy('ts'), limitToLast(50)), () => {});
  const target = (fs: { sdk: typeof FullSdk }) => fs.sdk.query(fs.sdk.collection(db, 'agencies'), fs.sdk.where('userId', '==', 'u'));
  return target;
}
`,
  [FUNCTIONS]: `
import { getFirestore, FieldPath, type Query } from 'firebase-admin/firestore';
import { paths, COLLECTIONS } from '@parley/core';
const db = getFirestore();
export async function reads(agentId: string, level: 1 | 2, field: string, q: Query) {
  await db.collection(paths.conversationMessages(agentId, 'c'))
    .where('ts', '>', 5)
    .orderBy('ts', 'asc')
    .limit(10)
    .get();
  await db.collection(paths.notifications(level)).where('ownerID', '==', 'u').orderBy('ts', 'desc').get();
  await db.collectionGroup(COLLECTIONS.private).where('workspaceSecret', '==', 's').limit(1).get();
  const base = db.collection('agencies').where('userId', '==', 'u');
  await base.orderBy('createdAt', 'desc').get();
  await db.doc('users/u').collection('creditUsageLogs').where(FieldPath.documentId(), '>', 'a').get();
  await db.collection('users').where(field, '==', 1).get();
  await q.where('a', '==', 1).get();
  let built = db.collection('users').where('a', '==', 1);
  built = built.orderBy('b');
  await built.get();
  await (db as any).collection('users').where('a', '==', 1).orderBy('b').get();
}
`,
};

let found: Extraction;
beforeAll(() => {
  found = extractFixtures(sources);
}, 60_000);

const queriesIn = (file: string) => found.queries.filter((q) => q.file === file).map((q) => `${q.line}: ${describeShape(q.shape)}`);
const unverifiableIn = (file: string) => found.unverifiable.filter((u) => u.file === file).map((u) => `${u.line}: ${u.reason}`);

describe('web, firebase/firestore/lite', () => {
  it('resolves consts, aliased imports, path helpers, nested query() bases and and()', () => {
    expect(queriesIn(WEB_LITE)).toEqual([
      '10: backups (COLLECTION): ownerID ==, orderBy ts desc',
      '11: notifications-1 (COLLECTION): ownerID ==',
      '11: notifications-2 (COLLECTION): ownerID ==',
      '12: kb (COLLECTION_GROUP): sourceType ==, orderBy createdAt asc',
      '13: kb (COLLECTION): a ==, b ==',
      '13: kb (COLLECTION): a ==, b >',
      '14: users (COLLECTION): __name__ ==',
    ]);
  });

  it('reports what it cannot verify, with the line, instead of guessing', () => {
    expect(unverifiableIn(WEB_LITE)).toEqual([
      '15: the field is not a string literal or a const in scope: field',
      '16: spread constraints: ...extra',
      '17: or() filters: each disjunction needs its own index',
      '18: the collection id is not statically known: agentId',
    ]);
  });
});

describe('web, full SDK loaded lazily (onSnapshot)', () => {
  it('finds sdk.query(…), destructured SDK functions and queries built by callbacks', () => {
    expect(queriesIn(WEB_LIVE)).toEqual([
      '7: conversations (COLLECTION): status ==, orderBy lastMessageAt desc',
      '9: messages (COLLECTION): orderBy ts asc, limitToLast',
      '10: agencies (COLLECTION): userId ==',
    ]);
    expect(unverifiableIn(WEB_LIVE)).toEqual([]);
  });
});

describe('functions, firebase-admin chains', () => {
  it('follows chains to collection()/collectionGroup(), through path helpers and const bases', () => {
    expect(queriesIn(FUNCTIONS)).toEqual([
      '6: messages (COLLECTION): ts >, orderBy ts asc',
      '11: notifications-1 (COLLECTION): ownerID ==, orderBy ts desc',
      '11: notifications-2 (COLLECTION): ownerID ==, orderBy ts desc',
      '12: private (COLLECTION_GROUP): workspaceSecret ==',
      '13: agencies (COLLECTION): userId ==',
      '14: agencies (COLLECTION): userId ==, orderBy createdAt desc',
      '15: creditUsageLogs (COLLECTION): __name__ >',
      '18: users (COLLECTION): a ==',
    ]);
  });

  it('reports dynamic fields, query parameters, reassigned builders and untyped receivers', () => {
    expect(unverifiableIn(FUNCTIONS)).toEqual([
      '16: the field is not a string literal or a const in scope: field',
      "17: the query's collection is not a collection()/collectionGroup() chain the code shows: q",
      "19: the query's collection is not a collection()/collectionGroup() chain the code shows: built",
      "21: the type checker cannot tell whether orderBy() is Firestore's (untyped receiver or unresolved import)",
    ]);
  });
});
