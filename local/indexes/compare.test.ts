import { describe, expect, it } from 'vitest';
import { missingIndexes } from './compare';
import { requiredIndex } from './required-index';
import type { CompositeIndex, IndexConfig, QueryShape } from './types';

const shape = (s: Partial<QueryShape>): QueryShape => ({ collectionGroup: 'cities', queryScope: 'COLLECTION', filters: [], orderBy: [], ...s });
const missing = (config: IndexConfig, s: Partial<QueryShape>) => missingIndexes(config, requiredIndex(shape(s)));

const countryByPopulationDesc = shape({ filters: [{ fieldPath: 'country', op: '==' }], orderBy: [{ fieldPath: 'population', direction: 'desc' }] });
const index = (fields: CompositeIndex['fields'], extra: Partial<CompositeIndex> = {}): CompositeIndex => ({ collectionGroup: 'cities', queryScope: 'COLLECTION', fields, ...extra });

describe('composite indexes', () => {
  it('an index with the equality field (either direction) then the sort field covers the query', () => {
    for (const order of ['ASCENDING', 'DESCENDING'] as const) {
      const config = { indexes: [index([{ fieldPath: 'country', order }, { fieldPath: 'population', order: 'DESCENDING' }])] };
      expect(missing(config, countryByPopulationDesc)).toEqual([]);
    }
  });

  it('a sort field in the other direction does not, and the entry to add is the exact index', () => {
    const config = { indexes: [index([{ fieldPath: 'country', order: 'ASCENDING' }, { fieldPath: 'population', order: 'ASCENDING' }])] };
    expect(missing(config, countryByPopulationDesc)).toEqual([
      {
        addTo: 'indexes',
        entry: index([
          { fieldPath: 'country', order: 'ASCENDING' },
          { fieldPath: 'population', order: 'DESCENDING' },
        ]),
      },
    ]);
  });

  it('the query scope and the collection must match', () => {
    const fields: CompositeIndex['fields'] = [{ fieldPath: 'country', order: 'ASCENDING' }, { fieldPath: 'population', order: 'DESCENDING' }];
    expect(missing({ indexes: [index(fields, { queryScope: 'COLLECTION_GROUP' })] }, countryByPopulationDesc)).toHaveLength(1);
    expect(missing({ indexes: [index(fields, { collectionGroup: 'towns' })] }, countryByPopulationDesc)).toHaveLength(1);
    expect(missing({ indexes: [index(fields, { queryScope: undefined })] }, countryByPopulationDesc)).toEqual([]); // COLLECTION is the default
  });

  it('equality fields may come in any order; a trailing __name__ in the same direction changes nothing', () => {
    const query = { ...countryByPopulationDesc, filters: [{ fieldPath: 'country', op: '==' as const }, { fieldPath: 'capital', op: '==' as const }] };
    const config = {
      indexes: [
        index([
          { fieldPath: 'capital', order: 'DESCENDING' },
          { fieldPath: 'country', order: 'ASCENDING' },
          { fieldPath: 'population', order: 'DESCENDING' },
          { fieldPath: '__name__', order: 'DESCENDING' },
        ]),
      ],
    };
    expect(missing(config, query)).toEqual([]);
  });

  it('an array-contains field must be indexed with arrayConfig CONTAINS', () => {
    const query = shape({ filters: [{ fieldPath: 'regions', op: 'array-contains' }], orderBy: [{ fieldPath: 'population', direction: 'asc' }] });
    const asOrder = { indexes: [index([{ fieldPath: 'regions', order: 'ASCENDING' }, { fieldPath: 'population', order: 'ASCENDING' }])] };
    const asContains = { indexes: [index([{ fieldPath: 'regions', arrayConfig: 'CONTAINS' }, { fieldPath: 'population', order: 'ASCENDING' }])] };
    expect(missing(asOrder, query)).toHaveLength(1);
    expect(missing(asContains, query)).toEqual([]);
  });

  it('index merging: (category, star_rating), (city, star_rating), (editors_pick, star_rating) serve their combinations', () => {
    const restaurants = (fields: string[]) => ({ collectionGroup: 'restaurants', filters: fields.map((fieldPath) => ({ fieldPath, op: '==' as const })), orderBy: [{ fieldPath: 'star_rating', direction: 'asc' as const }] });
    const perField = (field: string) => index([{ fieldPath: field, order: 'ASCENDING' }, { fieldPath: 'star_rating', order: 'ASCENDING' }], { collectionGroup: 'restaurants' });
    const config = { indexes: ['category', 'city', 'editors_pick'].map(perField) };
    expect(missing(config, restaurants(['category', 'city']))).toEqual([]);
    expect(missing(config, restaurants(['category', 'city', 'editors_pick']))).toEqual([]);
    expect(missing({ indexes: [perField('category'), perField('city')] }, restaurants(['category', 'city', 'editors_pick']))).toHaveLength(1);
  });
});

describe('single-field indexes and exemptions', () => {
  const landmarks = shape({ collectionGroup: 'landmarks', queryScope: 'COLLECTION_GROUP', filters: [{ fieldPath: 'category', op: '==' }] });

  it('collection scope is automatic', () => {
    expect(missing({ indexes: [] }, { filters: [{ fieldPath: 'state', op: '==' }] })).toEqual([]);
    expect(missing({ indexes: [] }, { orderBy: [{ fieldPath: 'name', direction: 'desc' }] })).toEqual([]);
  });

  it('collection-group scope needs an override; the entry keeps the automatic collection-scope indexes', () => {
    expect(missing({ indexes: [] }, landmarks)).toEqual([
      {
        addTo: 'fieldOverrides',
        entry: {
          collectionGroup: 'landmarks',
          fieldPath: 'category',
          indexes: [
            { order: 'ASCENDING', queryScope: 'COLLECTION' },
            { order: 'DESCENDING', queryScope: 'COLLECTION' },
            { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' },
            { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' },
          ],
        },
      },
    ]);
    const enabled = { indexes: [], fieldOverrides: [{ collectionGroup: 'landmarks', fieldPath: 'category', indexes: [{ order: 'DESCENDING' as const, queryScope: 'COLLECTION_GROUP' as const }] }] };
    expect(missing(enabled, landmarks)).toEqual([]);
  });

  it('an exemption replaces the automatic indexes for its field (and the fields of a map under it)', () => {
    const exempt = { collectionGroup: 'cities', fieldPath: 'stats', indexes: [{ order: 'ASCENDING' as const, queryScope: 'COLLECTION' as const }] };
    const config = { indexes: [], fieldOverrides: [exempt] };
    expect(missing(config, { orderBy: [{ fieldPath: 'stats', direction: 'asc' }] })).toEqual([]);
    expect(missing(config, { orderBy: [{ fieldPath: 'stats', direction: 'desc' }] })).toEqual([
      { addTo: 'fieldOverrides', replaces: exempt, entry: { ...exempt, indexes: [...exempt.indexes, { order: 'DESCENDING', queryScope: 'COLLECTION' }] } },
    ]);
    expect(missing(config, { orderBy: [{ fieldPath: 'stats.visits', direction: 'desc' }] })).toHaveLength(1);
    expect(missing({ indexes: [], fieldOverrides: [{ collectionGroup: 'cities', fieldPath: 'text', indexes: [] }] }, { filters: [{ fieldPath: 'text', op: '==' }] })).toHaveLength(1);
  });
});
