import { describe, expect, it } from 'vitest';
import { mergeServerCopy, settingsChanged, settingsPatch } from './settings-state';

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

describe('mergeServerCopy', () => {
  const before = { ID: 'ag1', name: 'Acme', brandingText: 'Hello', VGsubDomain: undefined as string | undefined };

  it('takes a field saved elsewhere that the owner has not edited here', () => {
    expect(mergeServerCopy(before, before, { ...before, name: 'Acme Ltd' })).toEqual({ ...before, name: 'Acme Ltd' });
  });

  it('keeps the owner’s unsaved edit of a field, and takes what the server changed beside it', () => {
    const draft = { ...before, brandingText: 'Welcome' };
    const server = { ...before, name: 'Acme Ltd', VGsubDomain: 'acme.localhost' };
    expect(mergeServerCopy(draft, before, server)).toEqual({ ...server, brandingText: 'Welcome' });
  });

  it('starts from the server copy for another agency or before any draft', () => {
    expect(mergeServerCopy({ ...before, name: 'Mine' }, before, { ...before, ID: 'ag2' })).toEqual({ ...before, ID: 'ag2' });
    expect(mergeServerCopy(null, null, before)).toBe(before);
  });
});
