// Sign-up records the caller's country from the CDN's country header (the one GET /utils/ip reads), so billing
// prices and taxes a new workspace in its currency from the start; an unknown country stays empty.
import { paths } from '@parley/core';
import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { countryFromHeaders } from '../http/country';
import { createWorkspaceHandler, createWorkspaceInput } from './create-workspace';

function signUp(uid: string, headers: IncomingHttpHeaders, team?: { workspaceName: string }) {
  const auth = { uid, token: { email: `${uid}@example.com`, email_verified: true, name: 'Ada', firebase: { sign_in_provider: 'password' } } as never, rawToken: 'x' };
  return createWorkspaceHandler(createWorkspaceInput.parse({ region: 'eu', ...(team ? { team: true, ...team } : {}) }), { auth, rawRequest: { headers } });
}

const countryOf = async (uid: string) => (await databaseFor('eu').doc(paths.user(uid)).get()).get('internal.countryCode');

describe('countryFromHeaders', () => {
  it('reads the CDN country header, upper-cased', () => {
    expect(countryFromHeaders({ 'x-appengine-country': 'de' })).toBe('DE');
    expect(countryFromHeaders({ 'cf-ipcountry': 'GB' })).toBe('GB');
    expect(countryFromHeaders({ 'x-country': ['fr'] })).toBe('FR');
  });
  it('knows no country without a header or with the CDNs\' unknown codes', () => {
    expect(countryFromHeaders({})).toBeNull();
    expect(countryFromHeaders(undefined)).toBeNull();
    expect(countryFromHeaders({ 'x-appengine-country': 'ZZ' })).toBeNull();
    expect(countryFromHeaders({ 'cf-ipcountry': 'XX' })).toBeNull();
    expect(countryFromHeaders({ 'x-country': 'Germany' })).toBeNull();
  });
});

describe('sign-up', () => {
  it('records the country of the sign-up request', async () => {
    await signUp('countryde1', { 'x-appengine-country': 'DE' });
    expect(await countryOf('countryde1')).toBe('DE');
  });
  it('leaves the country empty when the CDN names none', async () => {
    await signUp('countrynone1', {});
    expect(await countryOf('countrynone1')).toBe('');
  });
  it('records it for a team workspace too, which is billed on its own', async () => {
    await signUp('countryowner1', { 'x-appengine-country': 'US' });
    const team = await signUp('countryowner1', { 'x-appengine-country': 'GB' }, { workspaceName: 'London team' });
    expect(team.created).toBe(true);
    expect(await countryOf(team.workspace.uid)).toBe('GB');
    expect(await countryOf('countryowner1')).toBe('US');
  });
});
