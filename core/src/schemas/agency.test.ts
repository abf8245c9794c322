import { describe, expect, it } from 'vitest';
import { agencyPlanSchema, agencySchema, customTabSchema, dnsRecordSchema, dnsReminderSchema, newCustomTab, redactAgency } from './agency';
import { paymentConnectSchema } from './workspace';

describe('agencySchema', () => {
  it('fills defaults', () => {
    expect(agencySchema.parse({ ID: 'g', userId: 'u' })).toMatchObject({
      googleFont: 'Rubik', themeVariant: 'default', themeColorUsage: 'plain', resendEmailDomainStatus: 'not_started',
      customTabs: [], settings: { disablePasswordLogin: false }, isVerifiedCustomDomain: false, isVerifiedSubDomain: false,
    });
  });
  it.each([
    [{ ID: 'g', userId: 'u', themeVariant: 'faded', themeColorUsage: 'gradient', resendEmailDomainStatus: 'temporary_failure' }, true],
    [{ ID: 'g', userId: 'u', themeVariant: 'shiny' }, false],
    [{ ID: 'g', userId: 'u', themeColorUsage: 'neon' }, false],
    [{ ID: 'g', userId: 'u', resendEmailDomainStatus: 'done' }, false],
    [{ ID: 'g' }, false],
  ])('%j → %j', (input, ok) => {
    expect(agencySchema.safeParse(input).success).toBe(ok);
  });
  it('redacts the agency secret', () => {
    expect(redactAgency({ ID: 'g', secret: 's'.repeat(25) })).toEqual({ ID: 'g' });
  });
});

describe('custom tabs, DNS, plans, reminders, payment connect', () => {
  it('a new custom tab is html with starter content', () => {
    const tab = newCustomTab({ label: 'Reports', href: '/reports' });
    expect(tab.pageType).toBe('html');
    expect(tab.htmlContent.length).toBeGreaterThan(0);
    expect(tab.jsContent.length).toBeGreaterThan(0);
    expect(tab.alwaysVisible).toBe(false);
  });
  it.each([
    [{ pageType: 'iframe', iframeUrl: 'https://x.com' }, true],
    [{ pageType: 'markdown' }, false],
  ])('custom tab %j → %j', (input, ok) => {
    expect(customTabSchema.safeParse(input).success).toBe(ok);
  });
  it.each([
    [{ type: 'CNAME', name: 'app', value: 'cname.parley.app', ttl: 'Auto' }, true],
    [{ type: 'MX', name: '@', value: 'feedback-smtp', priority: 10, status: 'pending' }, true],
    [{ type: 'TXT', name: 'x' }, false],
  ])('dns record %j → %j', (input, ok) => {
    expect(dnsRecordSchema.safeParse(input).success).toBe(ok);
  });
  it.each([
    [{ name: 'Basic', price: 20, credits: 5000, features: ['Email support'] }, true],
    [{ name: 'Basic', price: 20, credits: 5000, features: [] }, false],
    [{ name: 'Basic', price: 20, credits: 5000, features: ['1', '2', '3', '4', '5', '6'] }, false],
    [{ name: 'Basic', price: -1, credits: 5000, features: ['x'] }, false],
  ])('agency plan %j → %j', (input, ok) => {
    expect(agencyPlanSchema.safeParse(input).success).toBe(ok);
  });
  it.each([
    [{ domain: 'app.x.com', agencyId: 'g', bucket: 'voiceglow-eu', timestamp: 1 }, true],
    [{ domain: 'app.x.com', agencyId: 'g', bucket: 'eu', timestamp: 1 }, false],
  ])('dns reminder %j → %j', (input, ok) => {
    expect(dnsReminderSchema.safeParse(input).success).toBe(ok);
  });
  it('payment connect defaults USDPerToken to 0.003', () => {
    expect(paymentConnectSchema.parse({})).toEqual({ isConnected: false, payouts_enabled: false, USDPerToken: 0.003, allowPlans: false, plans: [] });
    expect(paymentConnectSchema.safeParse({ USDPerToken: -1 }).success).toBe(false);
  });
});
