import { describe, expect, it } from 'vitest';
import { adminMagicLink, readAdminLink } from './admin-link';

describe('admin magic link', () => {
  it('carries the secret in the fragment only, and reads it back', () => {
    const link = adminMagicLink('https://app.acme.test', 'ag1', 's3cr&t=+', 'eu');
    const url = new URL(link);
    expect(url.search).toBe('');
    expect(url.pathname).toBe('/');
    expect(link.split('#')[0]).not.toContain('s3cr');
    expect(readAdminLink(url.hash)).toEqual({ agencyId: 'ag1', secret: 's3cr&t=+', region: 'eu' });
  });

  it('is no link without both the agency and the secret', () => {
    expect(readAdminLink('')).toBeNull();
    expect(readAdminLink('#agencyId=ag1')).toBeNull();
    expect(readAdminLink('#adminSecret=x')).toBeNull();
    expect(readAdminLink('#agencyId=ag1&adminSecret=x&region=mars')).toEqual({ agencyId: 'ag1', secret: 'x', region: undefined });
  });
});
