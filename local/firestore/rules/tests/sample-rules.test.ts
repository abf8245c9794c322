import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileRules } from '../index.ts';
import { doc, FakeAccess, request } from './helpers.ts';

// A file in the shape of a real app's rules: helpers, ownership, claims, field validation.
const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function signedIn() { return request.auth != null; }
    function isUser(uid) { return signedIn() && request.auth.uid == uid; }
    function userDoc() { return get(/databases/$(database)/documents/users/$(request.auth.uid)); }
    function isClientOf(agentId) {
      return signedIn() && request.auth.token.get('role', '') == 'client'
        && agentId in request.auth.token.get('agentIds', []);
    }

    match /users/{uid} {
      allow read: if isUser(uid);
      allow create: if isUser(uid) && request.resource.data.keys().hasOnly(['name', 'plan'])
        && request.resource.data.plan == 'free';
      allow update: if isUser(uid)
        && !request.resource.data.diff(resource.data).affectedKeys().hasAny(['plan']);
    }

    match /voiceglow/{agentId} {
      allow read: if isUser(resource.data.owner) || isClientOf(agentId);
      allow create: if signedIn() && request.resource.data.owner == request.auth.uid
        && request.resource.data.name is string && request.resource.data.name.size() <= 80;
      allow update, delete: if isUser(resource.data.owner) || userDoc().data.get('admin', false) == true;

      match /kb/{docId} {
        allow read, write: if isUser(get(/databases/$(database)/documents/voiceglow/$(agentId)).data.owner);
      }
    }
  }
}`;

const rules = compileRules(RULES);
const at = (p: string) => `/databases/(default)/documents/${p}`;
const access = new FakeAccess({
  '/users/alice': { name: 'Alice', plan: 'free' },
  '/users/root': { name: 'Root', admin: true },
  '/voiceglow/a1': { owner: 'alice', name: 'Bot' },
});
const as = (uid: string | null, token: Record<string, unknown> = {}) => (uid ? { uid, token } : null);

describe('a realistic rules file', () => {
  it('owners read their agents; others and anonymous users do not', () => {
    const agent = doc('/voiceglow/a1', { owner: 'alice', name: 'Bot' });
    expect(rules.authorize(request({ path: at('voiceglow/a1'), resource: agent }), access)).toBe(true);
    expect(rules.authorize(request({ path: at('voiceglow/a1'), resource: agent, auth: as('eve') }), access)).toBe(false);
    expect(rules.authorize(request({ path: at('voiceglow/a1'), resource: agent, auth: null }), access)).toBe(false);
  });

  it('agency clients read the agents their custom claims list', () => {
    const agent = doc('/voiceglow/a1', { owner: 'alice' });
    const client = as('c1', { role: 'client', agentIds: ['a1'] });
    const other = as('c2', { role: 'client', agentIds: ['a9'] });
    expect(rules.authorize(request({ path: at('voiceglow/a1'), resource: agent, auth: client }), access)).toBe(true);
    expect(rules.authorize(request({ path: at('voiceglow/a1'), resource: agent, auth: other }), access)).toBe(false);
  });

  it('validates created documents', () => {
    const create = (data: Record<string, unknown>) =>
      rules.authorize(request({ path: at('voiceglow/a2'), method: 'create', requestResource: doc('/voiceglow/a2', data) }), access);
    expect(create({ owner: 'alice', name: 'New bot' })).toBe(true);
    expect(create({ owner: 'bob', name: 'New bot' })).toBe(false);
    expect(create({ owner: 'alice', name: 'x'.repeat(81) })).toBe(false);
    expect(create({ owner: 'alice', name: 5 })).toBe(false);
  });

  it('admins (flag on their user document) may update any agent', () => {
    const agent = doc('/voiceglow/a1', { owner: 'alice' });
    const update = (uid: string) => rules.authorize(request({ path: at('voiceglow/a1'), method: 'update', resource: agent, requestResource: agent, auth: as(uid) }), access);
    expect(update('root')).toBe(true);
    expect(update('eve')).toBe(false);
  });

  it('users may not change their own plan', () => {
    const before = doc('/users/alice', { name: 'Alice', plan: 'free' });
    const update = (data: Record<string, unknown>) =>
      rules.authorize(request({ path: at('users/alice'), method: 'update', resource: before, requestResource: doc('/users/alice', data) }), access);
    expect(update({ name: 'Alicia', plan: 'free' })).toBe(true);
    expect(update({ name: 'Alice', plan: 'pro' })).toBe(false);
  });

  it('subcollection access follows the parent document', () => {
    expect(rules.authorize(request({ path: at('voiceglow/a1/kb/d1'), method: 'create' }), access)).toBe(true);
    expect(rules.authorize(request({ path: at('voiceglow/a1/kb/d1'), method: 'create', auth: as('eve') }), access)).toBe(false);
    expect(rules.authorize(request({ path: at('voiceglow/zz/kb/d1') }), access)).toBe(false);
  });

  it("compiles the project's firestore.rules", () => {
    const source = readFileSync(new URL('../../../../firestore.rules', import.meta.url), 'utf8');
    expect(() => compileRules(source)).not.toThrow();
  });
});
