import { describe, expect, it } from 'vitest';
import { AGENCY_SECRET_FIELDS } from '../schemas/agency';
import { agencyApi } from './index';

describe('agency contracts', () => {
  it('describe the public branding by an allowlist: no id, owner, secret, e-mail, domain record or custom tab', () => {
    const keys = Object.keys(agencyApi.publicBrandingSchema.shape);
    for (const key of [...AGENCY_SECRET_FIELDS, 'ID', 'userId', 'supportEmail', 'customTabs', 'customDomainConfig', 'resendEmailDomainId', 'resendEmailDomainRecords_JSON_STRING', 'settings']) {
      expect(keys).not.toContain(key);
    }
    expect(keys.sort()).toEqual([...agencyApi.PUBLIC_BRANDING_FIELDS, 'disablePasswordLogin', 'showPoweredBy', 'region', 'host', 'hostType'].sort());
    // A field the server did not pick is refused outright, so a response can never carry it silently.
    const base = { name: 'Acme', brandingText: '', googleFont: 'Rubik', themeColorUsage: 'plain', themeVariant: 'default', disablePasswordLogin: false, showPoweredBy: false, region: 'na', host: 'acme.localhost', hostType: 'subdomain' };
    expect(agencyApi.publicBrandingSchema.safeParse(base).success).toBe(true);
    expect(agencyApi.publicBrandingSchema.safeParse({ ...base, secret: 'x'.repeat(25) }).success).toBe(false);
  });

  it('never answers the secret with the agency record and keeps the domains out of the owner\'s save', () => {
    expect(Object.keys(agencyApi.agencyRecordSchema.shape)).not.toContain('secret');
    const patch = agencyApi.agencySettingsPatchSchema.parse({ name: 'Acme', customDomain: 'app.acme.com', secret: 's', VGsubDomain: 'x', isVerifiedSubDomain: true });
    expect(patch).toEqual({ name: 'Acme' });
  });

  it('checks the DNS-instructions recipient with its message', () => {
    const result = agencyApi.sendDnsInstructions.body.safeParse({ region: 'na', agencyId: 'a1', to: 'nope' });
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid recipient email.');
  });
});
