import { describe, expect, it } from 'vitest';
import { compileRules } from '../index.ts';
import { doc, FakeAccess, outcome, request } from './helpers.ts';

const users = { '/users/alice': { role: 'admin' }, '/users/bob': { role: 'member' } };

describe('get() and exists()', () => {
  const admin = "get(/databases/$(database)/documents/users/$(request.auth.uid)).data.role == 'admin'";

  it('reads another document by path', () => {
    expect(outcome(admin, { access: new FakeAccess(users) })).toBe('true');
    const bob = { uid: 'bob', token: {} };
    expect(outcome(admin, { access: new FakeAccess(users), req: { auth: bob } })).toBe('false');
  });

  it('a missing document is null, so reading its data is an error', () => {
    expect(outcome(admin, { access: new FakeAccess({}) })).toBe('error');
    expect(outcome('get(/databases/$(database)/documents/users/nobody) == null', { access: new FakeAccess({}) })).toBe('true');
  });

  it('exists() tells whether the document is stored', () => {
    expect(outcome('exists(/databases/$(database)/documents/users/$(request.auth.uid))', { access: new FakeAccess(users) })).toBe('true');
    expect(outcome('exists(/databases/$(database)/documents/users/carol)', { access: new FakeAccess(users) })).toBe('false');
  });

  it('get() returns id and __name__ too', () => {
    const access = new FakeAccess(users);
    expect(outcome("get(/databases/$(database)/documents/users/bob).id == 'bob'", { access })).toBe('true');
    expect(outcome('get(/databases/$(database)/documents/users/bob).__name__ == /databases/$(database)/documents/users/bob', { access })).toBe('true');
  });

  it('rejects non-document paths, other databases and strings', () => {
    const access = new FakeAccess(users);
    expect(outcome('exists(/databases/$(database)/documents/users)', { access })).toBe('error');
    expect(outcome('exists(/databases/other/documents/users/bob)', { access })).toBe('error');
    expect(outcome("exists('/databases/(default)/documents/users/bob')", { access })).toBe('error');
  });
});

describe('getAfter() and existsAfter()', () => {
  it('see the state after the write', () => {
    const access = new FakeAccess(users, { '/users/bob': { role: 'admin' }, '/users/alice': null });
    expect(outcome("getAfter(/databases/$(database)/documents/users/bob).data.role == 'admin'", { access })).toBe('true');
    expect(outcome("get(/databases/$(database)/documents/users/bob).data.role == 'member'", { access })).toBe('true');
    expect(outcome('existsAfter(/databases/$(database)/documents/users/alice)', { access })).toBe('false');
    expect(outcome('exists(/databases/$(database)/documents/users/alice)', { access })).toBe('true');
  });
});

describe('document access limits', () => {
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) => `exists(/databases/$(database)/documents/users/u${i})`)
      .join(' || ') + ' || true';

  const rules = (expr: string) => compileRules(`rules_version = '2';
service cloud.firestore { match /databases/{database}/documents { match /things/{id} { allow read, write: if ${expr}; } } }`);

  it('allows up to 10 distinct documents for a single-document request', () => {
    const access = new FakeAccess({});
    expect(rules(many(10)).authorize(request(), access)).toBe(true);
    expect(access.reads).toHaveLength(10);
  });

  it('denies the whole request past 10, even when the condition would be true', () => {
    expect(rules(many(11)).authorize(request(), new FakeAccess({}))).toBe(false);
  });

  it('allows 20 for batched writes and transactions (accessLimit)', () => {
    expect(rules(many(20)).authorize(request({ accessLimit: 20 }), new FakeAccess({}))).toBe(true);
    expect(rules(many(21)).authorize(request({ accessLimit: 20 }), new FakeAccess({}))).toBe(false);
  });

  it('counts repeated reads of one document once', () => {
    const expr = Array.from({ length: 15 }, () => 'exists(/databases/$(database)/documents/users/alice)').join(' && ');
    const access = new FakeAccess(users);
    expect(rules(expr).authorize(request(), access)).toBe(true);
    expect(access.reads).toEqual(['get /databases/(default)/documents/users/alice']);
  });

  it('shares the budget across all allow statements of the request', () => {
    const six = (from: number) => Array.from({ length: 6 }, (_, i) => `exists(/databases/$(database)/documents/users/u${from + i})`).join(' || ');
    const r = compileRules(`rules_version = '2';
service cloud.firestore { match /databases/{database}/documents { match /things/{id} {
  allow get: if ${six(0)};
  allow get: if ${six(100)} || true;
} } }`);
    expect(r.authorize(request(), new FakeAccess({}))).toBe(false);
  });

  it('a typical owner check with one get() evaluates well under 1 ms', () => {
    const r = compileRules(`rules_version = '2';
service cloud.firestore { match /databases/{database}/documents {
  function isAdmin() { return get(/databases/$(database)/documents/users/$(request.auth.uid)).data.role == 'admin'; }
  match /things/{id} { allow update: if request.auth.uid == resource.data.owner || isAdmin(); }
} }`);
    const access = new FakeAccess(users);
    const req = request({ method: 'update', resource: doc('/things/t1', { owner: 'bob', title: 'x' }), requestResource: doc('/things/t1', { owner: 'bob', title: 'y' }) });
    const runs = 2000;
    const start = performance.now();
    let allowed = 0;
    for (let i = 0; i < runs; i++) if (r.authorize(req, access)) allowed++;
    const perCall = (performance.now() - start) / runs;
    expect(allowed).toBe(runs);
    expect(perCall).toBeLessThan(0.5);
  });
});
