import { describe, expect, it } from 'vitest';
import { brandingUpsell, canOpenAgent, clientLockout, isWhitelabelTrialActive, whitelabelTrialEndsAt } from './access';

describe('canOpenAgent', () => {
  const base = { agentId: 'a1', agentOwnerID: 'owner' };
  it.each([
    [{ ...base, uid: 'owner' }, true],
    [{ ...base, uid: 'member', memberOfWorkspaces: ['owner'] }, true],
    [{ ...base, uid: 'member', memberOfWorkspaces: ['someone-else'] }, false],
    [{ ...base, clientWidgetIDs: ['a1'] }, true],
    [{ ...base, clientWidgetIDs: ['a2'] }, false],
    [{ ...base, isSharePath: true }, true],
    [{ ...base }, false],
  ])('%j → %j', (input, expected) => {
    expect(canOpenAgent(input)).toBe(expected);
  });
});

describe('clientLockout', () => {
  it.each([
    [{ disableClientAccess: true, agentCount: 3 }, { reason: 'disabled', message: 'Access is currently disabled. Pleas contact your provider!' }],
    [{ disableClientAccess: true, disableClientAccessMessage: 'Invoice overdue', agentCount: 3 }, { reason: 'disabled', message: 'Invoice overdue' }],
    [{ disableClientAccess: false, agentCount: 0 }, { reason: 'no-agents', message: 'This org has no agents' }],
    [{ disableClientAccess: false, agentCount: 1 }, null],
  ])('%j → %j', (input, expected) => {
    expect(clientLockout(input)).toEqual(expected);
  });
});

describe('brandingUpsell', () => {
  it.each([
    [{ canAccessCustomBranding: true, onFinalPricing: true, hasSubscription: true }, null],
    [{ canAccessCustomBranding: false, onFinalPricing: true, hasSubscription: true }, 'Get Whitelabel Addon ($50/month)'],
    [{ canAccessCustomBranding: false, onFinalPricing: true, hasSubscription: false }, 'Upgrade Plan ($70/month)'],
    [{ canAccessCustomBranding: false, onFinalPricing: false, hasSubscription: true }, 'Upgrade Plan ($70/month)'],
  ])('%j → %j', (input, label) => {
    expect(brandingUpsell(input)?.label ?? null).toBe(label);
  });
});

describe('whitelabel trial', () => {
  it('lasts 14 days', () => {
    const end = whitelabelTrialEndsAt(1000);
    expect(end).toBe(1000 + 14 * 86400);
    expect(isWhitelabelTrialActive(end, end - 1)).toBe(true);
    expect(isWhitelabelTrialActive(end, end)).toBe(false);
    expect(isWhitelabelTrialActive(undefined, 0)).toBe(false);
  });
});
