// Cases from Firestore's documentation (index-overview: "Queries supported by single-field indexes",
// "… by composite indexes", "… by collection group indexes", "Use index merging"; order-limit-data;
// multiple-range-fields), plus the SDK's normalized ordering (limitToLast, implicit inequality order).
import { describe, expect, it } from 'vitest';
import { normalizedOrderBy, requiredIndex } from './required-index';
import type { Direction, FilterOp, QueryShape } from './types';

const cities = (filters: [string, FilterOp][] = [], orderBy: [string, Direction?][] = [], extra: Partial<QueryShape> = {}): QueryShape => ({
  collectionGroup: 'cities',
  queryScope: 'COLLECTION',
  filters: filters.map(([fieldPath, op]) => ({ fieldPath, op })),
  orderBy: orderBy.map(([fieldPath, direction = 'asc']) => ({ fieldPath, direction })),
  ...extra,
});

const single = (...fields: [string, string][]) => ({
  kind: 'single-field',
  collectionGroup: 'cities',
  queryScope: 'COLLECTION',
  fields: fields.map(([fieldPath, mode]) => ({ fieldPath, mode })),
});

describe('queries served by single-field indexes', () => {
  it('one equality, range or in filter on one field', () => {
    expect(requiredIndex(cities([['state', '==']]))).toEqual(single(['state', 'EITHER_ORDER']));
    expect(requiredIndex(cities([['population', '<']]))).toEqual(single(['population', 'ASCENDING']));
    expect(requiredIndex(cities([['name', '>=']]))).toEqual(single(['name', 'ASCENDING']));
    expect(requiredIndex(cities([['country', 'in']]))).toEqual(single(['country', 'EITHER_ORDER']));
  });

  it('compound equality queries, by index merging', () => {
    expect(requiredIndex(cities([['state', '=='], ['name', '==']]))).toEqual(single(['state', 'EITHER_ORDER'], ['name', 'EITHER_ORDER']));
    const four = cities([['country', '=='], ['capital', '=='], ['state', '=='], ['population', '==']]);
    expect(requiredIndex(four).kind).toBe('single-field');
  });

  it('array-contains and array-contains-any use the array-contains index', () => {
    expect(requiredIndex(cities([['regions', 'array-contains']]))).toEqual(single(['regions', 'CONTAINS']));
    expect(requiredIndex(cities([['regions', 'array-contains-any']]))).toEqual(single(['regions', 'CONTAINS']));
  });

  it('array-contains with an equality: a composite index is only recommended (merging serves it)', () => {
    expect(requiredIndex(cities([['regions', 'array-contains'], ['capital', '==']]))).toEqual(single(['regions', 'CONTAINS'], ['capital', 'EITHER_ORDER']));
  });

  it('orderBy on one field, either direction, with or without a range on the same field', () => {
    expect(requiredIndex(cities([], [['name']]))).toEqual(single(['name', 'ASCENDING']));
    expect(requiredIndex(cities([], [['name', 'desc']]))).toEqual(single(['name', 'DESCENDING']));
    expect(requiredIndex(cities([['population', '>']], [['population']]))).toEqual(single(['population', 'ASCENDING']));
  });

  it('no filter and no order: nothing beyond the built-in document-id order', () => {
    expect(requiredIndex(cities())).toEqual({ kind: 'none' });
    expect(requiredIndex(cities([], [['__name__', 'desc']]))).toEqual({ kind: 'none' });
  });
});

describe('queries that need a composite index', () => {
  const countryPopulation = (direction: 'ASCENDING' | 'DESCENDING') => ({
    kind: 'composite',
    index: {
      collectionGroup: 'cities',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'country', order: 'ASCENDING' },
        { fieldPath: 'population', order: direction },
      ],
    },
    equalityCount: 1,
    mergeable: false,
  });

  it('equality (== or in) with an orderBy or a range on another field: (country, population asc)', () => {
    expect(requiredIndex(cities([['country', '==']], [['population', 'asc']]))).toEqual(countryPopulation('ASCENDING'));
    expect(requiredIndex(cities([['country', '=='], ['population', '<']]))).toEqual(countryPopulation('ASCENDING'));
    expect(requiredIndex(cities([['country', '=='], ['population', '>']]))).toEqual(countryPopulation('ASCENDING'));
    expect(requiredIndex(cities([['country', 'in'], ['population', '>']]))).toEqual(countryPopulation('ASCENDING'));
  });

  it('the same queries sorted descending need the descending index', () => {
    expect(requiredIndex(cities([['country', '==']], [['population', 'desc']]))).toEqual(countryPopulation('DESCENDING'));
    expect(requiredIndex(cities([['country', '=='], ['population', '<']], [['population', 'desc']]))).toEqual(countryPopulation('DESCENDING'));
    expect(requiredIndex(cities([['country', 'in'], ['population', '>']], [['population', 'desc']]))).toEqual(countryPopulation('DESCENDING'));
  });

  it('array-contains with an orderBy on another field', () => {
    const req = requiredIndex(cities([['regions', 'array-contains']], [['population', 'desc']]));
    expect(req).toMatchObject({
      kind: 'composite',
      index: { fields: [{ fieldPath: 'regions', arrayConfig: 'CONTAINS' }, { fieldPath: 'population', order: 'DESCENDING' }] },
    });
  });

  it('ordering by several fields: orderBy(state).orderBy(population, desc)', () => {
    expect(requiredIndex(cities([], [['state'], ['population', 'desc']]))).toMatchObject({
      index: { fields: [{ fieldPath: 'state', order: 'ASCENDING' }, { fieldPath: 'population', order: 'DESCENDING' }] },
      equalityCount: 0,
    });
  });

  it('range filters on several fields, implicitly ordered by field name', () => {
    expect(requiredIndex(cities([['population', '>'], ['density', '<']]))).toMatchObject({
      index: { fields: [{ fieldPath: 'density', order: 'ASCENDING' }, { fieldPath: 'population', order: 'ASCENDING' }] },
    });
  });

  it('explicit orderBys choose the index order (employees: salary, then experience)', () => {
    const employees: QueryShape = {
      collectionGroup: 'employees',
      queryScope: 'COLLECTION',
      filters: [{ fieldPath: 'salary', op: '>' }, { fieldPath: 'experience', op: '>' }],
      orderBy: [{ fieldPath: 'salary', direction: 'asc' }, { fieldPath: 'experience', direction: 'asc' }],
    };
    expect(requiredIndex(employees)).toMatchObject({
      index: { collectionGroup: 'employees', fields: [{ fieldPath: 'salary', order: 'ASCENDING' }, { fieldPath: 'experience', order: 'ASCENDING' }] },
    });
  });

  it('an inequality not ordered explicitly follows the last orderBy direction', () => {
    expect(normalizedOrderBy(cities([['population', '>']], [['name', 'desc']]))).toEqual([
      { fieldPath: 'name', direction: 'desc' },
      { fieldPath: 'population', direction: 'desc' },
      { fieldPath: '__name__', direction: 'desc' },
    ]);
  });

  it('equality filters with one orderBy may merge per-field composite indexes (restaurants)', () => {
    const restaurants: QueryShape = {
      collectionGroup: 'restaurants',
      queryScope: 'COLLECTION',
      filters: [{ fieldPath: 'category', op: '==' }, { fieldPath: 'city', op: '==' }],
      orderBy: [{ fieldPath: 'star_rating', direction: 'asc' }],
    };
    expect(requiredIndex(restaurants)).toMatchObject({ kind: 'composite', equalityCount: 2, mergeable: true });
    expect(requiredIndex({ ...restaurants, filters: [...restaurants.filters, { fieldPath: 'star_rating', op: '>' }] })).toMatchObject({ mergeable: false });
  });
});

describe('scope and ordering details', () => {
  it('collection-group queries need collection-group indexes, even single-field ones (landmarks)', () => {
    const landmarks: QueryShape = { collectionGroup: 'landmarks', queryScope: 'COLLECTION_GROUP', filters: [{ fieldPath: 'category', op: '==' }], orderBy: [] };
    expect(requiredIndex(landmarks)).toEqual({
      kind: 'single-field',
      collectionGroup: 'landmarks',
      queryScope: 'COLLECTION_GROUP',
      fields: [{ fieldPath: 'category', mode: 'EITHER_ORDER' }],
    });
    expect(requiredIndex({ ...landmarks, filters: [] })).toEqual({ kind: 'none' });
  });

  it('limitToLast runs the query reversed', () => {
    expect(requiredIndex(cities([], [['ts', 'asc']], { limitToLast: true }))).toEqual(single(['ts', 'DESCENDING']));
    expect(requiredIndex(cities([['owner', '==']], [['ts', 'desc']], { limitToLast: true }))).toMatchObject({
      index: { fields: [{ fieldPath: 'owner' }, { fieldPath: 'ts', order: 'ASCENDING' }] },
    });
  });

  it('__name__ against the last field’s direction has to be in the index', () => {
    expect(requiredIndex(cities([], [['state', 'asc'], ['__name__', 'desc']]))).toMatchObject({
      index: { fields: [{ fieldPath: 'state', order: 'ASCENDING' }, { fieldPath: '__name__', order: 'DESCENDING' }] },
    });
    expect(requiredIndex(cities([], [['state', 'asc'], ['__name__', 'asc']]))).toEqual(single(['state', 'ASCENDING']));
  });
});
