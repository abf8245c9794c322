import { describe, expect, it } from 'vitest';
import type { RulesMethod } from '../../src/contract.ts';
import { compileRules } from '../index.ts';
import { FakeAccess, request } from './helpers.ts';

const METHODS: RulesMethod[] = ['get', 'list', 'create', 'update', 'delete'];

function allowed(statements: string): RulesMethod[] {
  const r = compileRules(`rules_version = '2';
service cloud.firestore { match /databases/{database}/documents { match /things/{id} { ${statements} } } }`);
  return METHODS.filter((method) => r.authorize(request({ method }), new FakeAccess()));
}

describe('allow methods', () => {
  it('read = get + list, write = create + update + delete', () => {
    expect(allowed('allow read;')).toEqual(['get', 'list']);
    expect(allowed('allow write;')).toEqual(['create', 'update', 'delete']);
    expect(allowed('allow read, write: if true;')).toEqual(METHODS);
  });

  it('granular methods', () => {
    expect(allowed('allow get;')).toEqual(['get']);
    expect(allowed('allow list: if true;')).toEqual(['list']);
    expect(allowed('allow create, delete: if true;')).toEqual(['create', 'delete']);
    expect(allowed('allow update: if true;')).toEqual(['update']);
  });

  it('any allowing statement grants; false statements do not revoke', () => {
    expect(allowed('allow read: if false; allow get: if true;')).toEqual(['get']);
    expect(allowed("allow write: if request.method == 'update'; allow delete: if false;")).toEqual(['update']);
  });

  it('a condition that is not a bool denies', () => {
    expect(allowed("allow read: if 'yes';")).toEqual([]);
    expect(allowed('allow read: if 1;')).toEqual([]);
    expect(allowed('allow read: if null;')).toEqual([]);
  });

  it('no statement denies', () => {
    expect(allowed('')).toEqual([]);
    expect(allowed('allow read: if false;')).toEqual([]);
  });

  it('unknown methods fail to compile', () => {
    expect(() => allowed('allow modify: if true;')).toThrow(/2:\d+: unknown method 'modify' \(allow\)/);
  });
});
