// The live preview beside the agency tabs: the branded client login and dashboard as a client sees them, drawn
// from the local draft (so every edit shows before it is saved). themeColorUsage moves the colour (plain:
// buttons, colorful: header and navigation, gradient: gradients), themeVariant changes the cards. The agency's
// custom CSS applies too, inside the preview's shadow root only (PreviewShadow), to the same classes the
// client dashboard carries.
import { Box, Button, Card, Group, Image, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { brandingCss, brandingFontHref, brandingPalette, type BrandingLook } from '../../ui/agency-branding';
import { PreviewShadow } from './PreviewShadow';
import { SafeMarkdown } from './SafeMarkdown';

/** The classes an agency's custom CSS can target: the client login and dashboard carry them, and so does this preview. */
export const AGENCY_CSS_CLASSES = ['agency-header', 'agency-nav', 'agency-nav-item', 'agency-card', 'agency-button', 'agency-footer', 'agency-font'] as const;

function useFontLink(href: string | null) {
  useEffect(() => {
    if (!href || document.querySelector(`link[data-agency-preview-font="${CSS.escape(href)}"]`)) return;
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    link.dataset.agencyPreviewFont = href;
    document.head.appendChild(link);
  }, [href]);
}

function Logo({ look, size = 28 }: { look: BrandingLook; size?: number }) {
  return look.squarePhotoURL ? (
    <Image src={look.squarePhotoURL} alt="" w={size} h={size} radius="sm" fit="contain" />
  ) : (
    <Box w={size} h={size} style={{ borderRadius: 6, background: 'var(--agency-6)' }} aria-hidden />
  );
}

function PreviewButton({ children }: { children: string }) {
  return (
    <Button size="xs" className="agency-button" styles={{ root: { background: 'var(--agency-6)' } }} tabIndex={-1}>
      {children}
    </Button>
  );
}

function LoginPreview({ look, disablePasswordLogin }: { look: BrandingLook; disablePasswordLogin: boolean }) {
  return (
    <Stack align="center" p="md" style={{ background: 'var(--agency-0)' }} data-testid="preview-login">
      <Card className="agency-card" w="100%" maw={300} padding="md">
        <Stack gap="xs" align="center">
          <Logo look={look} size={40} />
          <Text fw={700}>{look.name || 'Your agency'}</Text>
          {look.brandingText ? (
            <Box fz="xs" c="dimmed" ta="center">
              <SafeMarkdown text={look.brandingText} />
            </Box>
          ) : null}
          <TextInput size="xs" w="100%" label="Email" placeholder="you@company.com" readOnly tabIndex={-1} />
          {!disablePasswordLogin && <TextInput size="xs" w="100%" label="Password" type="password" value="password" readOnly tabIndex={-1} />}
          <PreviewButton>{disablePasswordLogin ? 'Send me a code' : 'Sign in'}</PreviewButton>
        </Stack>
      </Card>
    </Stack>
  );
}

function DashboardPreview({ look }: { look: BrandingLook }) {
  return (
    <Box data-testid="preview-dashboard" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, overflow: 'hidden' }}>
      <Group className="agency-header" h={40} px="sm" gap="xs">
        <Logo look={look} size={22} />
        <Text size="sm" fw={700}>
          {look.name || 'Your agency'}
        </Text>
      </Group>
      <Group align="stretch" gap={0} wrap="nowrap">
        <Stack className="agency-nav" gap={4} p="xs" w={90} style={{ borderRight: '1px solid var(--mantine-color-default-border)' }}>
          {['Home', 'Chats', 'Leads'].map((item, i) => (
            <Text key={item} size="xs" className="agency-nav-item" fw={i === 0 ? 700 : 400}>
              {item}
            </Text>
          ))}
        </Stack>
        <Stack p="sm" gap="xs" style={{ flex: 1 }}>
          <SimpleGrid cols={2} spacing="xs">
            {[['Conversations', '128'], ['Leads', '36']].map(([label, value]) => (
              <Card key={label} className="agency-card" padding="xs">
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={700} c="var(--agency-7)">
                  {value}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <Group>
            <PreviewButton>New chat</PreviewButton>
          </Group>
        </Stack>
      </Group>
      <Group className="agency-footer" justify="space-between" px="sm" py={4} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Text size="xs" c="dimmed">
          © {new Date().getFullYear()} {look.name || 'Your agency'}
        </Text>
        <Group gap={6}>
          {look.tosPage && <Text size="xs" c="dimmed">Terms</Text>}
          {look.privacyPolicypPage && <Text size="xs" c="dimmed">Privacy</Text>}
          {look.privacyPolicypPage && <Text size="xs" c="dimmed">GDPR</Text>}
        </Group>
      </Group>
    </Box>
  );
}

export function BrandPreview({ look, disablePasswordLogin }: { look: BrandingLook; disablePasswordLogin: boolean }) {
  const [screen, setScreen] = useState<'login' | 'dashboard' | 'both'>('both');
  useFontLink(brandingFontHref(look));
  const palette = brandingPalette(look);
  return (
    <Stack gap="xs" aria-label="Live preview" role="region">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Live preview
        </Text>
        <SegmentedControl
          size="xs"
          aria-label="Preview screen"
          value={screen}
          onChange={(v) => setScreen(v as typeof screen)}
          data={[{ value: 'both', label: 'Both' }, { value: 'login', label: 'Login' }, { value: 'dashboard', label: 'Dashboard' }]}
        />
      </Group>
      <PreviewShadow>
        <Box
          className="agency-preview agency-font"
          data-usage={look.themeColorUsage ?? 'plain'}
          data-variant={look.themeVariant ?? 'default'}
          data-primary={palette[5]}
          style={{ fontFamily: 'var(--agency-font)' }}
        >
          <style>{brandingCss(look, '.agency-preview')}</style>
          {look.customCSS ? <style data-agency-custom-css="">{look.customCSS}</style> : null}
          <Stack gap="sm">
            {screen !== 'dashboard' && <LoginPreview look={look} disablePasswordLogin={disablePasswordLogin} />}
            {screen !== 'login' && <DashboardPreview look={look} />}
          </Stack>
        </Box>
      </PreviewShadow>
    </Stack>
  );
}
