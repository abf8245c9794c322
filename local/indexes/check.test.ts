// The check itself: the real tree must be covered by firestore.indexes.json, and the check must fail,
// with an entry that fixes it, for a query that is not (fixture sources, in memory only).
import { beforeAll, describe, expect, it } from 'vitest';
import { checkIndexes, formatReport, readIndexConfig, type CheckResult } from './check';
import { missingIndexes } from './compare';
import { requiredIndex } from './required-index';
import type { CompositeIndex, FieldOverride, IndexConfig } from './types';
import { REPO_ROOT, fixtureOverlay } from './test-fixture';

describe('firestore.indexes.json covers every query the functions and the web app issue', () => {
  let result: CheckResult;
  beforeAll(() => {
    result = checkIndexes({ root: REPO_ROOT });
  }, 120_000);

  it('finds the queries of both sides', () => {
    // A silent extractor would make the next test pass vacuously.
    expect(result.queries.filter((q) => q.side === 'functions').length).toBeGreaterThan(0);
    expect(result.queries.filter((q) => q.side === 'web').length).toBeGreaterThan(0);
  });

  it('every query is verifiable and has its index', () => {
    expect(formatReport(result)).toBe('');
  });
});

describe('a query firestore.indexes.json does not cover', () => {
  const WEB = 'web/src/__index_fixture_uncovered__.ts';
  const FUNCTIONS = 'functions/src/__index_fixture_uncovered__.ts';
  const { files, overlay } = fixtureOverlay({
    [WEB]: `import { collection, getDocs, orderBy, query, where } from 'firebase/firestore/lite';
import { db } from './lib/firestore';
export const newestAgencies = (userId: string) =>
  getDocs(query(collection(db('na'), 'agencies'), where('userId', '==', userId), orderBy('createdAt', 'desc')));
export const byField = (field: string) => getDocs(query(collection(db('na'), 'agencies'), where(field, '==', 1)));
`,
    [FUNCTIONS]: `import { getFirestore } from 'firebase-admin/firestore';
export const leadsByEmail = (email: string) => getFirestore().collectionGroup('leads').where('email', '==', email).get();
`,
  });
  const config = readIndexConfig(REPO_ROOT);
  let result: CheckResult;
  beforeAll(() => {
    result = checkIndexes({ root: REPO_ROOT, config, files, overlay });
  }, 120_000);

  const expectedComposite: CompositeIndex = {
    collectionGroup: 'agencies',
    queryScope: 'COLLECTION',
    fields: [
      { fieldPath: 'userId', order: 'ASCENDING' },
      { fieldPath: 'createdAt', order: 'DESCENDING' },
    ],
  };
  const expectedOverride: FieldOverride = {
    collectionGroup: 'leads',
    fieldPath: 'email',
    indexes: [
      { order: 'ASCENDING', queryScope: 'COLLECTION' },
      { order: 'DESCENDING', queryScope: 'COLLECTION' },
      { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' },
      { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' },
    ],
  };

  it('fails, naming file:line, the query and the exact entry to add', () => {
    expect(result.uncovered.map((u) => [`${u.query.file}:${u.query.line}`, u.missing])).toEqual([
      [`${WEB}:4`, [{ addTo: 'indexes', entry: expectedComposite }]],
      [`${FUNCTIONS}:2`, [{ addTo: 'fieldOverrides', entry: expectedOverride }]],
    ]);
    const report = formatReport(result);
    expect(report).toContain(`${WEB}:4  query(collection(db('na'), 'agencies'), where('userId', '==', userId), orderBy('createdAt', 'desc'))`);
    expect(report).toContain('agencies (COLLECTION): userId ==, orderBy createdAt desc');
    expect(report).toContain(`add to "indexes":\n${JSON.stringify(expectedComposite, null, 2).replace(/^/gm, '    ')}`);
    expect(report).toContain(`add to "fieldOverrides":\n${JSON.stringify(expectedOverride, null, 2).replace(/^/gm, '    ')}`);
  });

  it('fails for a query it cannot verify', () => {
    expect(result.unverifiable).toMatchObject([{ file: WEB, line: 5, side: 'web' }]);
    expect(formatReport(result)).toContain(`${WEB}:5`);
  });

  it('is satisfied by exactly the suggested entries', () => {
    const fixed: IndexConfig = { indexes: [...config.indexes, expectedComposite], fieldOverrides: [...(config.fieldOverrides ?? []), expectedOverride] };
    expect(result.queries.flatMap((q) => missingIndexes(fixed, requiredIndex(q.shape)))).toEqual([]);
  });
});
