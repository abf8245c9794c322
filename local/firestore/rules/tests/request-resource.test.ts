import { describe, expect, it } from 'vitest';
import { doc, outcome } from './helpers.ts';

describe('request.auth', () => {
  it.each([
    ["request.auth.uid == 'alice'", 'true'],
    ["request.auth.token.email == 'alice@example.com'", 'true'],
    ['request.auth.token.email_verified == true', 'true'],
    ["request.auth.token.firebase.sign_in_provider == 'password'", 'true'],
    ["request.auth.token.role == 'agency'", 'error'],
    ["request.auth.token.get('role', 'none') == 'none'", 'true'],
  ])('%s → %s', (expr, want) => expect(outcome(expr)).toBe(want));

  it('custom claims keep their types', () => {
    const auth = { uid: 'c1', token: { role: 'client', clientId: 'cl9', level: 3, ratio: 0.5, orgs: ['o1'] } };
    expect(outcome("request.auth.token.role == 'client' && request.auth.token.clientId == 'cl9'", { req: { auth } })).toBe('true');
    expect(outcome('request.auth.token.level is int && request.auth.token.ratio is float', { req: { auth } })).toBe('true');
    expect(outcome("'o1' in request.auth.token.orgs", { req: { auth } })).toBe('true');
  });

  it('unauthenticated: request.auth is null', () => {
    expect(outcome('request.auth == null', { req: { auth: null } })).toBe('true');
    expect(outcome("request.auth.uid == 'alice'", { req: { auth: null } })).toBe('error');
    expect(outcome("request.auth != null && request.auth.uid == 'alice'", { req: { auth: null } })).toBe('false');
  });
});

describe('request fields', () => {
  it.each([
    ["request.method == 'get'", 'true'],
    ['request.path is path', 'true'],
    ['request.time is timestamp', 'true'],
    ['request.resource == null', 'true'],
    ['request.query.limit == 1', 'error'],
    ['request.unknown == 1', 'error'],
    ['database == "(default)"', 'true'],
  ])('%s → %s', (expr, want) => expect(outcome(expr)).toBe(want));

  it('request.method names the concrete method', () => {
    expect(outcome("request.method == 'create'", { req: { method: 'create' } })).toBe('true');
    expect(outcome("request.method == 'list'", { req: { method: 'list' } })).toBe('true');
  });

  it('request.query carries limit, offset and orderBy for list', () => {
    const req = { method: 'list' as const, query: { limit: 20, offset: 5, orderBy: ['createdAt'] } };
    expect(outcome('request.query.limit <= 50 && request.query.offset == 5', { req })).toBe('true');
    expect(outcome("request.query.orderBy[0] == 'createdAt'", { req })).toBe('true');
    expect(outcome('request.query.limit <= 10', { req })).toBe('false');
    expect(outcome('request.query.limit <= 10', { req: { method: 'list', query: {} } })).toBe('error');
  });

  it('database is bound from the match path', () => {
    const eu = { database: 'voiceglow-eu', path: '/databases/voiceglow-eu/documents/things/t1' };
    expect(outcome("database == 'voiceglow-eu'", { req: eu })).toBe('true');
  });
});

describe('resource and request.resource', () => {
  const stored = doc('/things/t1', { owner: 'alice', title: 'old' });
  const next = doc('/things/t1', { owner: 'alice', title: 'new' });

  it('resource is the stored document', () => {
    expect(outcome("resource.data.owner == request.auth.uid && resource.id == 't1'", { req: { resource: stored } })).toBe('true');
    expect(outcome("resource.data.title == 'new'", { req: { resource: stored } })).toBe('false');
  });

  it('resource is null on create', () => {
    expect(outcome('resource == null', { req: { method: 'create', requestResource: next } })).toBe('true');
    expect(outcome('resource.data.owner == request.auth.uid', { req: { method: 'create', requestResource: next } })).toBe('error');
  });

  it('request.resource is the document after the write', () => {
    const req = { method: 'update' as const, resource: stored, requestResource: next };
    expect(outcome("request.resource.data.title == 'new' && resource.data.title == 'old'", { req })).toBe('true');
    expect(outcome('request.resource.data.owner == resource.data.owner', { req })).toBe('true');
    expect(outcome("request.resource.id == 't1'", { req })).toBe('true');
    expect(outcome('request.resource.__name__ == resource.__name__', { req })).toBe('true');
  });
});

describe('malformed input', () => {
  it('denies instead of throwing when a stored value cannot be read', () => {
    const broken = { path: '/databases/(default)/documents/things/t1', fields: { at: { timestampValue: 'yesterday' } } };
    expect(outcome('resource.data.at == null', { req: { resource: broken } })).toBe('error');
    expect(outcome("resource.id == 't1'", { req: { resource: broken } })).toBe('true');
    const badTime = { time: new Date('invalid') };
    expect(outcome('true', { req: badTime })).toBe('error');
  });
});
