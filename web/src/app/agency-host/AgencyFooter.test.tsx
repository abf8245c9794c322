// The footer on an agency host: Powered by names the agency (only when the agency turns it on), legal links go to
// the agency's pages, and nothing names the platform.
import { screen } from '@testing-library/react';
import type { agencyApi } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AgencyFooter } from './AgencyFooter';

const branding: agencyApi.PublicBranding = {
  name: 'Acme',
  brandingText: '',
  googleFont: 'Rubik',
  themeColorUsage: 'plain',
  themeVariant: 'default',
  disablePasswordLogin: false,
  showPoweredBy: false,
  region: 'na',
  host: 'acme.localhost',
  hostType: 'subdomain',
  tosPage: 'https://acme.example/terms',
  privacyPolicypPage: 'javascript:alert(1)',
};

describe('AgencyFooter', () => {
  it('with Powered by on: "Powered by Acme", and no word of the platform', () => {
    renderWithProviders(<AgencyFooter branding={{ ...branding, showPoweredBy: true }} />);
    const footer = screen.getByRole('contentinfo', { name: 'Footer' });
    expect(footer.textContent).toContain('Powered by Acme');
    expect(footer.innerHTML.toLowerCase()).not.toContain('parley');
  });

  it('with Powered by off: no Powered by; only http(s) legal links, to the agency’s pages', () => {
    renderWithProviders(<AgencyFooter branding={branding} />);
    expect(screen.queryByText(/Powered by/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('https://acme.example/terms');
    expect(screen.queryByRole('link', { name: 'Privacy' })).toBeNull();
  });
});
