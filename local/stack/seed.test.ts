import { FREE_SIGNUP_CREDITS, phoneNumberSlotLimit } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { DEMO, seededWorkspaceRecord } from './seed';

// §3.1 Workspace (stored on the user record), secrets excepted.
const WORKSPACE_FIELDS = [
  'uid', 'workspaceName', 'workspaceEmails', 'workspacePhotoURL', 'loadTokens', 'freeLTsTS', 'joinedAt', 'hasEverPaid',
  'region', 'internal', 'stripeSubscriptionId', 'displayName', 'email', 'photoURL', 'location', 'referredFrom',
  'doubleAccountWarningHidden',
];
const INTERNAL_FIELDS = ['customPlan', 'isPayAsYouGo', 'useNewPricing', 'useMultipleStripes', 'countryCode', 'isNewUser', 'utm_source', 'whitelabel_trial', 'whitelabelTrialEndsAt'];

describe('demo workspace record', () => {
  const { record, secrets } = seededWorkspaceRecord(DEMO, 1_760_000_000);

  it('has every workspace field of the user record, for the demo user in na', () => {
    for (const field of WORKSPACE_FIELDS) expect(record, field).toHaveProperty(field);
    for (const field of INTERNAL_FIELDS) expect(record.internal, field).toHaveProperty(field);
    expect(record).toMatchObject({ uid: DEMO.uid, email: DEMO.email, region: 'na', workspaceEmails: [DEMO.email] });
    expect(record.workspaceName).toMatch(/^Personal.{5}$/);
  });

  it('starts with the free sign-up credits so the demo widget answers instead of the out-of-credits message', () => {
    expect(record.loadTokens).toBe(FREE_SIGNUP_CREDITS);
    expect(record.loadTokens).toBeGreaterThan(0);
    expect(record.freeLTsTS).toBe(1_760_000_000);
  });

  it('holds two phone-number slots, so the demo can buy a number and take calls', () => {
    expect(phoneNumberSlotLimit(record)).toBe(2);
  });

  it('keeps the workspace secret and provider tokens off the readable record', () => {
    expect(record).not.toHaveProperty('workspaceSecret');
    expect(record).not.toHaveProperty('meta');
    expect(secrets.workspaceSecret).toMatch(/^vg_[A-Za-z0-9]+$/);
  });
});
