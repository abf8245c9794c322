import { describe, expect, it } from 'vitest';
import { settingsChanged, settingsPatch } from './settings-state';

describe('settingsChanged', () => {
  const server = { name: 'Acme', lastModified: 1, createdAt: { seconds: 1 }, customTabs: [{ label: 'A', href: '/a' }] };

  it('shows no change when only the server stamps differ or keys are reordered', () => {
    expect(settingsChanged({ customTabs: [{ href: '/a', label: 'A' }], name: 'Acme', lastModified: 99, createdAt: null }, server)).toBe(false);
  });

  it('shows a change for an edited field, also deep inside a tab', () => {
    expect(settingsChanged({ ...server, name: 'Acme Ltd' }, server)).toBe(true);
    expect(settingsChanged({ ...server, customTabs: [{ label: 'A', href: '/b' }] }, server)).toBe(true);
  });

  it('ignores a page’s excluded fields, and nothing is a change while either side is loading', () => {
    expect(settingsChanged({ ...server, resendEmailDomainStatus: 'pending' }, server, ['resendEmailDomainStatus'])).toBe(false);
    expect(settingsChanged(null, server)).toBe(false);
  });
});

describe('settingsPatch', () => {
  it('sends only the fields the owner edits (never domains, secret or stamps)', () => {
    const patch = settingsPatch({ name: 'Acme', VGsubDomain: 'acme.localhost', isVerifiedSubDomain: true, lastModified: 5, googleFont: 'Rubik' } as never);
    expect(patch).toEqual({ name: 'Acme', googleFont: 'Rubik' });
  });
});
