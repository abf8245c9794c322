// The agency owner's callables: initialise, secret, save (owner only, font and tab checks, server-only fields
// kept out), font check, white-label trial and gate, duplicate clean-up. Firestore emulator + fonts stand-in.
import { AGENCY_SECRET_LENGTH, paths, WHITELABEL_TRIAL_DAYS } from '@parley/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import {
  activateWhitelabelTrial, agencySecret, checkAgencyFont, cleanupDuplicateAgencies, getAgency, getAgencyAccess, initAgency, saveAgencySettings,
} from './index';
import { fontCheckUrl } from './fonts';
import { agencySecretHandler } from './agency-secret';
import { call, freshState, seedWorkspace, signedIn, startWorld, type World } from '../../test/agency-world';

let world: World;
beforeAll(async () => {
  world = await startWorld();
  await seedWorkspace('na', 'ada');
  await seedWorkspace('na', 'bob');
}, 60_000);
afterAll(() => world?.stop(), 30_000);
beforeEach(() => freshState());

type Agency = { ID: string; userId: string; name: string; googleFont: string; lastModified?: number; secret?: string; region: string };

describe('initAgency', () => {
  it('creates the agency once ("Agency settings initialized"), with its 25-character secret kept apart', async () => {
    const first = await call<{ created: boolean; agency: Agency }>(initAgency, 'ada', { region: 'na' });
    expect(first.created).toBe(true);
    expect(first.agency).toMatchObject({ userId: 'ada', googleFont: 'Rubik', region: 'na', themeVariant: 'default', resendEmailDomainStatus: 'not_started' });
    expect(first.agency).not.toHaveProperty('secret');
    const stored = (await databaseFor('na').doc(paths.agency(first.agency.ID)).get()).data()!;
    expect(stored).not.toHaveProperty('secret');
    const secret = (await databaseFor('na').doc(paths.agencySecrets(first.agency.ID)).get()).get('secret') as string;
    expect(secret).toMatch(new RegExp(`^[A-Za-z0-9]{${AGENCY_SECRET_LENGTH}}$`));

    const again = await call<{ created: boolean; agency: Agency }>(initAgency, 'ada', { region: 'na' });
    expect(again).toMatchObject({ created: false, agency: { ID: first.agency.ID } });
    expect((await call<{ agency: Agency | null }>(getAgency, 'ada', { region: 'na' })).agency?.ID).toBe(first.agency.ID);
    expect((await call<{ agency: Agency | null }>(getAgency, 'ada', { region: 'eu' })).agency).toBeNull();
  });

  it('creates one agency when two clicks arrive at once', async () => {
    await seedWorkspace('eu', 'eve');
    const both = await Promise.all([call<{ created: boolean; agency: Agency }>(initAgency, 'eve', { region: 'eu' }), call<{ created: boolean; agency: Agency }>(initAgency, 'eve', { region: 'eu' })]);
    expect(both.map((r) => r.created).sort()).toEqual([false, true]);
    expect(both[0]!.agency.ID).toBe(both[1]!.agency.ID);
    expect((await databaseFor('eu').collection('agencies').where('userId', '==', 'eve').get()).size).toBe(1);
  });

  it('creates the agency only in the region of the owner’s workspace, under an id of its own per region', async () => {
    // ada's workspace is in NA: an EU copy (where an agency id of hers could be planted) is not made.
    await expect(call(initAgency, 'ada', { region: 'eu' })).rejects.toMatchObject({ code: 'not-found', message: 'Workspace not found.' });
    expect((await databaseFor('eu').collection('agencies').where('userId', '==', 'ada').get()).size).toBe(0);
    await seedWorkspace('na', 'eve');
    await seedWorkspace('eu', 'eve');
    const na = await call<{ agency: Agency }>(initAgency, 'eve', { region: 'na' });
    const eu = await call<{ agency: Agency }>(initAgency, 'eve', { region: 'eu' });
    expect(eu.agency.ID).not.toBe(na.agency.ID);
  });

  it('is for dashboard users only (an agency client cannot make one)', async () => {
    await expect(call(initAgency, 'client', { region: 'na' })).rejects.toMatchObject({ code: 'permission-denied' });
  });
});

describe('agencySecret', () => {
  it('answers the secret to the owner only, and regenerates it', async () => {
    const { agency } = await call<{ agency: Agency }>(initAgency, 'ada', { region: 'na' });
    const { secret } = await call<{ secret: string }>(agencySecret, 'ada', { region: 'na', agencyId: agency.ID });
    expect(secret).toHaveLength(25);
    // Regenerating ends the admin sessions of the old secret (Auth stands in through the revoker it is handed).
    const revoked: string[] = [];
    const renewed = await agencySecretHandler({ region: 'na', agencyId: agency.ID, regenerate: true }, signedIn('ada', {}), { revoke: async (uid) => void revoked.push(uid) });
    expect(revoked).toEqual([`aa-${agency.ID}-0`]);
    expect((await databaseFor('na').doc(paths.agencySecrets(agency.ID)).get()).get('adminGeneration')).toBe(1);
    expect(renewed.secret).toHaveLength(25);
    expect(renewed.secret).not.toBe(secret);
    expect((await call<{ secret: string }>(agencySecret, 'ada', { region: 'na', agencyId: agency.ID })).secret).toBe(renewed.secret);
    await expect(call(agencySecret, 'bob', { region: 'na', agencyId: agency.ID })).rejects.toMatchObject({ code: 'permission-denied', message: 'Only the agency owner can change agency settings.' });
    await expect(call(agencySecret, 'client', { region: 'na', agencyId: agency.ID })).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(call(agencySecret, 'ada', { region: 'na', agencyId: 'nope' })).rejects.toMatchObject({ code: 'not-found' });
  });
});

describe('saveAgencySettings', () => {
  it('saves the owner’s edits with lastModified, and never a domain, secret or owner sent along', async () => {
    const { agency } = await call<{ agency: Agency }>(initAgency, 'ada', { region: 'na' });
    const saved = await call<{ success: boolean; agency: Agency }>(saveAgencySettings, 'ada', {
      region: 'na',
      agencyId: agency.ID,
      settings: { name: 'Acme', googleFont: 'Open Sans', themeVariant: 'bordered', settings: { disablePasswordLogin: true }, customDomain: 'evil.example.com', isVerifiedCustomDomain: true, secret: 'x', userId: 'bob' },
    });
    expect(saved.agency).toMatchObject({ name: 'Acme', googleFont: 'Open Sans', themeVariant: 'bordered', settings: { disablePasswordLogin: true }, userId: 'ada' });
    expect(saved.agency.lastModified).toBeGreaterThan(Date.now() / 1000 - 60);
    const stored = (await databaseFor('na').doc(paths.agency(agency.ID)).get()).data()!;
    expect(stored).not.toHaveProperty('customDomain');
    expect(stored).not.toHaveProperty('secret');
    expect(stored.isVerifiedCustomDomain).toBe(false);
  });

  it('refuses a font the fonts service does not know, accepts inherit, and checks the tab links', async () => {
    const { agency } = await call<{ agency: Agency }>(initAgency, 'ada', { region: 'na' });
    const save = (settings: Record<string, unknown>) => call(saveAgencySettings, 'ada', { region: 'na', agencyId: agency.ID, settings });
    await expect(save({ googleFont: 'Comic Papyrus Deluxe' })).rejects.toMatchObject({ code: 'invalid-argument', message: 'This font name is not a valid one, please double check font name.' });
    await expect(save({ googleFont: 'inherit' })).resolves.toMatchObject({ success: true });
    await expect(save({ customTabs: [{ label: 'Docs', href: 'docs' }] })).rejects.toMatchObject({ message: 'URL must include a leading slash (/)' });
    await expect(save({ customTabs: [{ label: 'A', href: '/reports' }, { label: 'B', href: '/reports' }] })).rejects.toMatchObject({ message: 'This URL is already used by another tab' });
    const ok = await call<{ agency: { customTabs: { href: string; pageType: string; htmlContent: string }[] } }>(saveAgencySettings, 'ada', {
      region: 'na', agencyId: agency.ID, settings: { customTabs: [{ label: 'Reports', href: '/reports' }] },
    });
    expect(ok.agency.customTabs[0]).toMatchObject({ href: '/reports', pageType: 'html' });
    expect(ok.agency.customTabs[0]!.htmlContent).toContain('<h1>');
  });

  it('lets only the owner save', async () => {
    const { agency } = await call<{ agency: Agency }>(initAgency, 'ada', { region: 'na' });
    await expect(call(saveAgencySettings, 'bob', { region: 'na', agencyId: agency.ID, settings: { name: 'Hijacked' } })).rejects.toMatchObject({ code: 'permission-denied' });
    expect((await databaseFor('na').doc(paths.agency(agency.ID)).get()).get('name')).not.toBe('Hijacked');
  });
});

describe('checkAgencyFont', () => {
  it('knows real families, always accepts inherit, and names the spec message otherwise', async () => {
    expect(await call(checkAgencyFont, 'ada', { font: 'Rubik' })).toEqual({ valid: true });
    expect(await call(checkAgencyFont, 'ada', { font: 'inherit' })).toEqual({ valid: true });
    expect(await call(checkAgencyFont, 'ada', { font: 'Nopefont Sans' })).toEqual({ valid: false, message: 'This font name is not a valid one, please double check font name.' });
    // The check asks for the three weights the theme loads.
    expect(world.fonts.requested()).toContain('Rubik');
  });

  it('asks the Web Fonts Developer API instead when a fonts key is set', async () => {
    process.env.GOOGLE_FONTS_API_KEY = 'fonts-key';
    try {
      expect(fontCheckUrl('Playfair Display')).toBe(`${world.fonts.url}/webfonts/v1/webfonts?key=fonts-key&family=Playfair+Display`);
      expect(fontCheckUrl('Playfair Display', 'https://fonts.googleapis.com')).toBe('https://www.googleapis.com/webfonts/v1/webfonts?key=fonts-key&family=Playfair+Display');
      expect(await call(checkAgencyFont, 'ada', { font: 'Playfair Display' })).toEqual({ valid: true });
      expect(await call(checkAgencyFont, 'ada', { font: 'Nopefont Serif' })).toMatchObject({ valid: false });
    } finally {
      process.env.GOOGLE_FONTS_API_KEY = '';
    }
  });
});

describe('white-label trial and custom-branding gate', () => {
  it('starts the 14-day trial once, which opens custom branding', async () => {
    await seedWorkspace('na', 'eve');
    const before = await call<{ canAccessCustomBranding: boolean; trial: { available: boolean } }>(getAgencyAccess, 'eve', { region: 'na' });
    expect(before).toMatchObject({ canAccessCustomBranding: false, trial: { available: true } });
    const started = await call<{ whitelabelTrialEndsAt: number }>(activateWhitelabelTrial, 'eve', { region: 'na' });
    expect(started.whitelabelTrialEndsAt - Date.now() / 1000).toBeGreaterThan(WHITELABEL_TRIAL_DAYS * 86400 - 120);
    const after = await call<{ canAccessCustomBranding: boolean; trial: { active: boolean; available: boolean } }>(getAgencyAccess, 'eve', { region: 'na' });
    expect(after).toMatchObject({ canAccessCustomBranding: true, trial: { active: true, available: false } });
    await expect(call(activateWhitelabelTrial, 'eve', { region: 'na' })).rejects.toMatchObject({ code: 'failed-precondition', message: 'The white-label trial was already used.' });
    const stored = (await databaseFor('na').doc(paths.user('eve')).get()).get('internal') as Record<string, unknown>;
    expect(stored).toMatchObject({ whitelabel_trial: true, whitelabelTrialEndsAt: started.whitelabelTrialEndsAt, useNewPricing: true });
  });

  it('opens custom branding with the whitelabel add-on of a live subscription', async () => {
    await seedWorkspace('na', 'bob', { v2StripeConfig: { subscriptionId: 'sub_1', status: 'active', features: ['whitelabel-new'] } });
    expect(await call(getAgencyAccess, 'bob', { region: 'na' })).toMatchObject({ canAccessCustomBranding: true, hasWhitelabelAddon: true, hasSubscription: true });
    await seedWorkspace('na', 'bob', { v2StripeConfig: { subscriptionId: 'sub_1', status: 'canceled', features: ['whitelabel-new'] } });
    expect(await call(getAgencyAccess, 'bob', { region: 'na' })).toMatchObject({ canAccessCustomBranding: false, hasWhitelabelAddon: false });
  });
});

describe('cleanupDuplicateAgencies', () => {
  it('keeps the edited agency and removes untouched duplicates (marking those that hold a domain)', async () => {
    const db = databaseFor('eu');
    const put = (id: string, data: Record<string, unknown>) => db.doc(paths.agency(id)).set({ ID: id, userId: 'bob', ...data });
    await put('kept', { name: 'Bob Agency', brandingText: 'Welcome', lastModified: 200 });
    await put('blank', { name: '' });
    await put('default-text', { brandingText: '', lastModified: 100 });
    await put('with-domain', { VGsubDomain: 'bobby.localhost' });
    await db.doc(paths.agencySecrets('blank')).set({ secret: 'x'.repeat(25) });
    const result = await call<{ kept: string; deleted: string[]; markedDeleted: string[] }>(cleanupDuplicateAgencies, 'bob', { region: 'eu' });
    expect({ ...result, deleted: [...result.deleted].sort() }).toEqual({ kept: 'kept', deleted: ['blank', 'default-text'], markedDeleted: ['with-domain'] });
    expect((await db.doc(paths.agency('blank')).get()).exists).toBe(false);
    expect((await db.doc(paths.agencySecrets('blank')).get()).exists).toBe(false);
    expect((await db.doc(paths.agency('with-domain')).get()).get('deleted')).toBe(true);
    expect((await db.doc(paths.agency('kept')).get()).exists).toBe(true);
    // A single agency is never touched.
    expect(await call(cleanupDuplicateAgencies, 'bob', { region: 'eu' })).toEqual({ kept: 'kept', deleted: [], markedDeleted: [] });
  });
});
