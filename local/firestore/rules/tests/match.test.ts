import { describe, expect, it } from 'vitest';
import { compileRules } from '../index.ts';
import { FakeAccess, request } from './helpers.ts';

const can = (rules: string, path: string, method: 'get' | 'list' | 'create' | 'update' | 'delete' = 'get', v = '2') =>
  compileRules(`rules_version = '${v}';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n${rules}\n  }\n}`).authorize(
    request({ path: `/databases/(default)/documents/${path}`, method }),
    new FakeAccess(),
  );

describe('match blocks and wildcards', () => {
  it('a match applies only to its exact path, not to subcollections', () => {
    const rules = 'match /users/{uid} { allow read: if true; }';
    expect(can(rules, 'users/alice')).toBe(true);
    expect(can(rules, 'users/alice/posts/p1')).toBe(false);
    expect(can(rules, 'agents/a1')).toBe(false);
  });

  it('binds {var} to the segment', () => {
    const rules = 'match /users/{uid} { allow read: if uid == request.auth.uid; }';
    expect(can(rules, 'users/alice')).toBe(true);
    expect(can(rules, 'users/bob')).toBe(false);
  });

  it('nested matches concatenate their paths and keep outer variables', () => {
    const rules = `match /voiceglow/{agentId} {
      match /kb/{docId} { allow read: if agentId == 'a1' && docId == 'd1'; }
    }`;
    expect(can(rules, 'voiceglow/a1/kb/d1')).toBe(true);
    expect(can(rules, 'voiceglow/a2/kb/d1')).toBe(false);
    expect(can(rules, 'voiceglow/a1')).toBe(false);
  });

  it('multi-segment patterns and literal segments', () => {
    const rules = "match /orgs/{org}/members/{uid} { allow read: if org == 'o1'; }";
    expect(can(rules, 'orgs/o1/members/alice')).toBe(true);
    expect(can(rules, 'orgs/o1/guests/alice')).toBe(false);
  });

  it('{rest=**} matches zero or more segments in v2 and binds a path', () => {
    const rules = "match /files/{rest=**} { allow read: if rest == path('') || rest[0] == 'a'; }";
    expect(can(rules, 'files/a')).toBe(true);
    expect(can(rules, 'files/a/sub/b')).toBe(true);
    expect(can(rules, 'files/b/sub/a')).toBe(false);
    const any = 'match /{document=**} { allow read: if true; }';
    expect(can(any, 'x/y')).toBe(true);
    expect(can(any, 'x/y/z/w')).toBe(true);
  });

  it('recursive wildcard in the middle (collection-group style) in v2', () => {
    const rules = "match /{path=**}/posts/{post} { allow read: if post == 'p1'; }";
    expect(can(rules, 'posts/p1')).toBe(true);
    expect(can(rules, 'users/u/posts/p1')).toBe(true);
    expect(can(rules, 'users/u/posts/p2')).toBe(false);
  });

  it('rules_version 1: ** matches one or more segments and must end the path', () => {
    const rules = 'match /users/{uid}/{rest=**} { allow read: if true; }';
    expect(can(rules, 'users/u/a/b', 'get', '1')).toBe(true);
    expect(can(rules, 'users/u', 'get', '1')).toBe(false);
    expect(can(rules, 'users/u', 'get', '2')).toBe(true);
    expect(() => can('match /{p=**}/posts/{x} { allow read: if true; }', 'posts/x', 'get', '1')).toThrow(/^4:1: recursive wildcard \{p=\*\*\} must end the path/);
  });

  it('any matching block can grant (overlapping matches)', () => {
    const rules = `match /users/{uid} { allow read: if false; }
      match /{document=**} { allow read: if request.auth.uid == 'alice'; }`;
    expect(can(rules, 'users/bob')).toBe(true);
  });

  it('no matching block denies', () => {
    expect(can('match /a/{b} { allow read, write: if true; }', 'c/d', 'create')).toBe(false);
  });

  it('rejects rebinding a variable of an enclosing match', () => {
    expect(() => can('match /a/{id} { match /b/{id} { allow read: if true; } }', 'a/1/b/2')).toThrow(RegExp("already bound"));
  });
});
