// The footer of every page on an agency host: copyright with the agency's name, an optional Powered by (off
// unless the agency turns it on), and Terms, Privacy and GDPR linking to the agency's own pages.
import { Anchor, Group, Text } from '@mantine/core';
import type { PublicBranding } from '../../lib/agency-host';

/** Only http(s) links leave the page (a stored javascript: URL is never a link). */
export const safeHref = (url: string | undefined): string | null => (url && /^https?:\/\//i.test(url.trim()) ? url.trim() : null);

export function AgencyFooter({ branding }: { branding: PublicBranding }) {
  const links = [
    { label: 'Terms', href: safeHref(branding.tosPage) },
    { label: 'Privacy', href: safeHref(branding.privacyPolicypPage) },
    { label: 'GDPR', href: safeHref(branding.privacyPolicypPage) ?? safeHref(branding.mainWebsite) },
  ].filter((l): l is { label: string; href: string } => l.href !== null);
  const site = safeHref(branding.mainWebsite);
  return (
    <Group component="footer" aria-label="Footer" justify="space-between" px="md" py="sm" gap="xs" className="agency-footer agency-font"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Text size="xs" c="dimmed">
        © {new Date().getFullYear()} {site ? <Anchor href={site} size="xs" c="dimmed">{branding.name}</Anchor> : branding.name}
        {branding.address ? ` · ${branding.address}` : ''}
      </Text>
      <Group gap="md">
        {branding.showPoweredBy && (
          <Text size="xs" c="dimmed">
            Powered by {branding.name}
          </Text>
        )}
        {links.map((l) => (
          <Anchor key={l.label} href={l.href} size="xs" c="dimmed" target="_blank" rel="noopener noreferrer">
            {l.label}
          </Anchor>
        ))}
      </Group>
    </Group>
  );
}
