import { describe, expect, it } from 'vitest';
import { DatabaseStore, type DocRecord } from './store.ts';

const rec = (v: string): DocRecord => ({ fields: { v: { stringValue: v } }, createTime: 't', updateTime: 't' });

describe('DatabaseStore', () => {
  it('keeps a collection listing sorted by id across inserts and deletes (numeric ids first)', () => {
    const s = new DatabaseStore();
    for (const id of ['b', '__id7__', 'a', 'c']) s.put(`c/${id}`, rec(id));
    expect(s.collectionDocs('c')).toEqual(['c/__id7__', 'c/a', 'c/b', 'c/c']);
    s.put('c/__id-2__', rec('n'));
    s.put('c/ab', rec('ab'));
    s.put('c/a', null);
    s.put('c/b', rec('changed')); // an update does not move it
    expect(s.collectionDocs('c')).toEqual(['c/__id-2__', 'c/__id7__', 'c/ab', 'c/b', 'c/c']);
  });

  it('equality and array-element indexes follow writes', () => {
    const s = new DatabaseStore();
    s.put('c/1', { fields: { g: { integerValue: '1' }, tags: { arrayValue: { values: [{ stringValue: 'x' }] } } }, createTime: 't', updateTime: 't' });
    s.put('c/2', { fields: { g: { doubleValue: 1 } }, createTime: 't', updateTime: 't' });
    expect([...s.lookupEqual({ coll: 'c' }, 'g', { integerValue: '1' })].sort()).toEqual(['c/1', 'c/2']);
    expect([...s.lookupEqual({ coll: 'c' }, 'tags', { stringValue: 'x' }, true)]).toEqual(['c/1']);
    s.put('c/1', { fields: { g: { integerValue: '2' }, tags: { arrayValue: { values: [{ stringValue: 'y' }] } } }, createTime: 't', updateTime: 't' });
    s.put('d/3', { fields: { g: { integerValue: '1' } }, createTime: 't', updateTime: 't' });
    expect([...s.lookupEqual({ coll: 'c' }, 'g', { integerValue: '1' })]).toEqual(['c/2']);
    expect([...s.lookupEqual({ coll: 'c' }, 'tags', { stringValue: 'x' }, true)]).toEqual([]);
    expect([...s.lookupEqual({ group: 'c' }, 'g', { integerValue: '2' })]).toEqual(['c/1']);
    s.put('c/2', null);
    expect([...s.lookupEqual({ coll: 'c' }, 'g', { integerValue: '1' })]).toEqual([]);
  });
});
