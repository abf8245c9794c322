import { describe, expect, it } from 'vitest';
import { deepEqual, hasUnpublishedChanges, hasUnsavedChanges } from './diff';

describe('deepEqual', () => {
  it.each([
    [{ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }, true],
    [{ a: 1, b: undefined }, { a: 1 }, true],
    [{ a: [1, 2] }, { a: [2, 1] }, false],
    [{ a: { b: 1 } }, { a: { b: '1' } }, false],
    [{ a: null }, { a: undefined }, false],
    [[], {}, false],
    [Number.NaN, Number.NaN, true],
  ])('%j vs %j → %j', (a, b, expected) => {
    expect(deepEqual(a, b)).toBe(expected);
  });
});

describe('hasUnpublishedChanges', () => {
  const server = { ID: 'a', title: 'Bot', nodes: [{ type: 'start' }], lastModified: 1, ts: 1, ownerID: 'u', userId: 'u' };
  it.each([
    ['only ignored fields changed', { ...server, lastModified: 2, ts: 3, ownerID: 'x', userId: 'y' }, false],
    ['a title change', { ...server, title: 'Bot 2' }, true],
    ['a nested change', { ...server, nodes: [{ type: 'note' }] }, true],
    ['a new field', { ...server, theme: 'blue-dark' }, true],
    ['identical', { ...server }, false],
  ])('%s → %j', (_name, draft, expected) => {
    expect(hasUnpublishedChanges(draft, server)).toBe(expected);
  });
});

describe('hasUnsavedChanges', () => {
  it('ignores lastModified, createdAt, vapi and page exclusions', () => {
    const server = { name: 'A', lastModified: 1, createdAt: 1, vapi: { id: 'x' }, secret: 's' };
    expect(hasUnsavedChanges({ ...server, lastModified: 9, createdAt: 9, vapi: { id: 'y' } }, server)).toBe(false);
    expect(hasUnsavedChanges({ ...server, secret: 't' }, server, ['secret'])).toBe(false);
    expect(hasUnsavedChanges({ ...server, secret: 't' }, server)).toBe(true);
    expect(hasUnsavedChanges({ ...server, name: 'B' }, server)).toBe(true);
  });
});
