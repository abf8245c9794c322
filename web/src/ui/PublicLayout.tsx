// Public header and footer (marketing, legal, sign-in pages).
import { Anchor, AppShell, Box, Button, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from './Logo';

/** The footer's columns: path → label. */
const LEGAL_LINKS = {
  '/legal/about': 'About',
  '/legal/tos': 'Terms of Service',
  '/legal/privacy-policy': 'Privacy Policy',
  '/legal/refund-policy': 'Refund Policy',
  '/legal/cookie-policy': 'Cookie Policy',
  '/legal/gdpr': 'GDPR',
  '/legal/contact': 'Contact',
};

const PRODUCT_LINKS = {
  '/chatbot': 'AI chatbot',
  '/voice-agent': 'Voice agents',
  '/whatsapp': 'WhatsApp agents',
  '/integrations': 'Integrations',
  '/pricing': 'Pricing',
  '/demo': 'Book a demo',
};

/** The header's links before Start free (Integrations only from small screens up). */
const HEADER_LINKS: readonly { href: string; label: string; visibleFrom?: 'sm' }[] = [
  { href: '/pricing', label: 'Pricing' },
  { href: '/integrations', label: 'Integrations', visibleFrom: 'sm' },
  { href: '/login', label: 'Log in' },
];

/** A titled column of the footer, a navigation landmark named by its title. */
function FooterLinks({ label, links }: { label: string; links: Record<string, string> }) {
  return (
    <Stack gap={4} component="nav" aria-label={label}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      {Object.entries(links).map(([href, text]) => (
        <Anchor key={href} component={Link} to={href} size="sm" c="dimmed">
          {text}
        </Anchor>
      ))}
    </Stack>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between">
            <Anchor component={Link} to="/" underline="never" aria-label="Parley home">
              <Logo />
            </Anchor>
            <Group gap="lg" component="nav" aria-label="Main">
              {HEADER_LINKS.map((l) => (
                <Anchor key={l.href} component={Link} to={l.href} c="inherit" visibleFrom={l.visibleFrom}>
                  {l.label}
                </Anchor>
              ))}
              <Button component={Link} to="/signup">
                Start free
              </Button>
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Box component="main" mih="calc(100vh - 64px - 200px)">
          {children}
        </Box>
        <Box component="footer" py="xl" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Container size="lg">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              <Stack gap={6}>
                <Logo />
                <Text size="sm" c="dimmed">
                  AI chat and voice agents for your website and messaging channels, under your own brand.
                </Text>
              </Stack>
              <FooterLinks label="Product" links={PRODUCT_LINKS} />
              <FooterLinks label="Legal" links={LEGAL_LINKS} />
            </SimpleGrid>
            <Text size="xs" c="dimmed" mt="lg">
              © {new Date().getFullYear()} Parley. All rights reserved.
            </Text>
          </Container>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

export { LEGAL_LINKS };
