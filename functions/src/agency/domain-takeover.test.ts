// The domain-takeover attack end to end: the victim's agency in NA holds a verified subdomain; an attacker with an
// agency in EU (and even with a copy of the victim's agency id there, as the old rules let anyone create) tries to
// claim and cancel the victim's host. The registry binds a host to (region, agency id, owner), so every attempt is
// refused and the victim's domain stays served. Also: unproven custom-domain reservations lapse after 7 days, and
// neither the public agent nor the public branding carries the owner's uid or the agency id anywhere.
import { paths } from '@parley/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { serveApi } from '../http/serve';
import { getPublicAgentEndpoint } from '../conversations/public-agent';
import { initAgency, saveAgencySettings } from './index';
import { claimDomain, DomainTakenError, lookupHost, markDomainVerified, UNVERIFIED_RESERVATION_MS } from './registry';
import { call, freshState, http, seedWorkspace, startWorld, type World } from '../../test/agency-world';

let world: World;
let victim = '';
let attacker = '';
const HOST = 'victim.localhost';

const claim = (as: 'ada' | 'bob', region: 'na' | 'eu', agencyId: string, customDomain: string) =>
  http(world, 'POST', `/api/${region}/vercel-api/custom-domain`, { as, body: { agencyId, customDomain, isVGSubdomain: true } });
const cancel = (as: 'ada' | 'bob', region: 'na' | 'eu', agencyId: string, domain: string) =>
  http(world, 'DELETE', `/api/${region}/vercel-api/custom-domain`, { as, body: { agencyId, domain } });
const byHost = (host: string) => http(world, 'GET', `/public/agency-by-host?host=${encodeURIComponent(host)}`);

/** The victim's host is still its own: registry entry, the Hosting site and the public branding. */
async function expectVictimIntact(): Promise<void> {
  expect(await lookupHost(HOST)).toMatchObject({ region: 'na', agencyId: victim, userId: 'ada' });
  expect(await world.hosting.calls().some((c) => c.method === 'DELETE' && c.domain === HOST)).toBe(false);
  freshState();
  expect((await byHost(HOST)).json).toMatchObject({ name: 'Victim Agency', region: 'na', hostType: 'subdomain' });
}

beforeAll(async () => {
  world = await startWorld({ hostingDelayMs: 0 });
  await seedWorkspace('na', 'ada');
  await seedWorkspace('eu', 'bob');
  victim = (await call<{ agency: { ID: string } }>(initAgency, 'ada', { region: 'na' })).agency.ID;
  attacker = (await call<{ agency: { ID: string } }>(initAgency, 'bob', { region: 'eu' })).agency.ID;
  await call(saveAgencySettings, 'ada', { region: 'na', agencyId: victim, settings: { name: 'Victim Agency', customThemeJSONString: JSON.stringify({ primary: '#112233', ownerID: 'ada' }) } });
  expect((await claim('ada', 'na', victim, 'victim')).status).toBe(200);
  await http(world, 'GET', `/api/na/vercel-api/custom-domain?agencyId=${victim}&domain=${HOST}&domainType=subdomain`, { as: 'ada' });
}, 60_000);
afterAll(() => world?.stop(), 30_000);
beforeEach(() => freshState());

describe('attack: taking over another agency’s domain from the other region', () => {
  it('an attacker’s EU agency can neither claim nor cancel the victim’s host', async () => {
    expect(await claim('bob', 'eu', attacker, 'victim')).toMatchObject({ status: 409, json: { error: 'This domain already exists. Please try another one.' } });
    expect((await cancel('bob', 'eu', attacker, HOST)).status).toBe(404);
    await expectVictimIntact();
  });

  it('a copy of the victim’s agency id in EU (owned by the attacker) vouches for nothing', async () => {
    // What the old rules let any signed-in user write: the victim's agency id, in the other region, as its own.
    const copy = databaseFor('eu').doc(paths.agency(victim));
    await copy.set({ ID: victim, userId: 'bob', name: 'Copy' });
    try {
      expect(await claim('bob', 'eu', victim, 'victim')).toMatchObject({ status: 409 });
      expect((await cancel('bob', 'eu', victim, HOST)).status).toBe(404);
      // Even a copy naming the host (written by hand) cancels nothing but its own record of it.
      await copy.set({ VGsubDomain: HOST, isVerifiedSubDomain: true }, { merge: true });
      expect((await cancel('bob', 'eu', victim, HOST)).status).toBe(200);
      await expectVictimIntact();
    } finally {
      await copy.delete();
    }
  });
});

describe('a custom domain reserved without proof lapses after 7 days', () => {
  const T0 = Date.UTC(2026, 0, 1);
  const claimOf = (agencyId: string, region: 'na' | 'eu', userId: string) => ({ host: 'shop.example', kind: 'custom' as const, agencyId, region, userId });

  it('blocks others for 7 days, then the real owner may claim it; a proven domain never lapses', async () => {
    const squatter = claimOf(attacker, 'eu', 'bob');
    expect(await claimDomain(squatter, T0)).toEqual({ replaced: null });
    await expect(claimDomain(claimOf(victim, 'na', 'ada'), T0 + UNVERIFIED_RESERVATION_MS - 1)).rejects.toBeInstanceOf(DomainTakenError);
    const taken = await claimDomain(claimOf(victim, 'na', 'ada'), T0 + UNVERIFIED_RESERVATION_MS);
    expect(taken.replaced).toMatchObject({ agencyId: attacker, region: 'eu', userId: 'bob' });

    await markDomainVerified('custom', 'shop.example', claimOf(victim, 'na', 'ada'), T0 + UNVERIFIED_RESERVATION_MS);
    await expect(claimDomain(squatter, T0 + 10 * UNVERIFIED_RESERVATION_MS)).rejects.toBeInstanceOf(DomainTakenError);
  });
});

describe('nothing public carries an owner uid or an agency id', () => {
  it('the public agent (theme JSON included) and the public branding', async () => {
    await databaseFor('na').doc(paths.agent('pubAgent')).set({
      ID: 'pubAgent', ownerID: 'ada', title: 'Help', theme: 'custom-light', allowedDomains: [],
      customThemeJSONString: JSON.stringify({ themeType: 'light', primary: '#112233', nineColorPallet: [], ownerID: 'ada', agencyId: victim }),
    });
    const api = await serveApi([getPublicAgentEndpoint]);
    try {
      const res = await fetch(`${api.url}/public/agents/pubAgent?region=na`);
      const text = await res.text();
      expect(res.status).toBe(200);
      expect(JSON.parse(text)).toMatchObject({ data: { ID: 'pubAgent', title: 'Help', poweredBy: { name: 'Victim Agency' } } });
      expect(JSON.parse(JSON.parse(text).data.customThemeJSONString as string)).toEqual({ themeType: 'light', primary: '#112233', nineColorPallet: [] });
      expect(text).not.toContain('ada');
      expect(text).not.toContain(victim);
    } finally {
      await api.close();
    }
    const branding = await byHost(HOST);
    expect(branding.status).toBe(200);
    expect(branding.text).not.toContain('ada');
    expect(branding.text).not.toContain(victim);
    expect(JSON.parse(branding.json.customThemeJSONString as string)).toMatchObject({ primary: '#112233' });
  });
});
