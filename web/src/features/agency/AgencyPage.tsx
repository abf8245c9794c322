// /app/{region}/agency: the agency's white-label settings in seven tabs, with a live preview beside every tab
// but Custom Tabs. The settings wrapper shows "Unsaved changes" / "All changes saved" and saves the whole
// editable draft at once; Save is disabled while loading or when nothing changed.
import { Anchor, Badge, Button, Card, Grid, Group, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { agencyApi, routes, TOAST_MS } from '@parley/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { LiveError } from '../../ui/LiveError';
import { selectOptions } from '../../ui/select-options';
import { initAgency } from './agency-api';
import { AutoBillingTab, AUTO_BILLING_TOOLTIP, autoBillingDisabled } from './AutoBillingTab';
import { BrandPreview } from './BrandPreview';
import { CustomTabsTab, firstTabError } from './CustomTabsTab';
import { DomainsTab } from './DomainsTab';
import type { SharedEditors } from './editor-types';
import { EmailTab } from './EmailTab';
import { FooterTab } from './FooterTab';
import { OverviewTab } from './OverviewTab';
import { ThemeTab } from './ThemeTab';
import { useAgencyAccess, useAgencySettings } from './use-agency-settings';

const M = agencyApi.AGENCY_API_MESSAGES;
const TABS = selectOptions({
  overview: 'Overview',
  domains: 'Domains',
  email: 'Email',
  theme: 'Theme',
  'custom-tabs': 'Custom Tabs',
  'auto-billing': 'Auto Billing',
  footer: 'Footer',
});
type TabValue = (typeof TABS)[number]['value'];

function InitCard({ onInit }: { onInit: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Card withBorder padding="xl" maw={560}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Set up your agency
        </Title>
        <Text size="sm" c="dimmed">
          Your clients get a dashboard with your name, logo, colours and domain. Start by creating your agency settings.
        </Text>
        <Group>
          <Button loading={busy} onClick={() => { setBusy(true); void onInit().finally(() => setBusy(false)); }}>
            Initialize agency settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export default function AgencyPage({ PaletteEditor, CssEditor }: SharedEditors) {
  const { region, user } = useCurrentWorkspace();
  const settings = useAgencySettings(region);
  const access = useAgencyAccess(region);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = TABS.some((t) => t.value === requested) ? (requested as TabValue) : 'overview';
  const [fontError, setFontError] = useState<string | null>(null);
  const { draft, server } = settings;

  async function init() {
    try {
      const { agency } = await initAgency(region);
      settings.setServer(agency);
      notifications.show({ color: 'green', message: M.initialized, autoClose: TOAST_MS.default });
    } catch {
      notifications.show({ color: 'red', message: M.initFailed, autoClose: TOAST_MS.long });
    }
  }

  async function save() {
    const tabError = draft ? firstTabError(draft.customTabs) : null;
    if (tabError) {
      notifications.show({ color: 'red', message: tabError, autoClose: TOAST_MS.long });
      return;
    }
    try {
      await settings.save();
      setFontError(null);
      notifications.show({ color: 'green', message: M.saved, autoClose: TOAST_MS.default });
    } catch (error) {
      const message = errorMessage(error, M.saveError);
      if (message === M.invalidFont) setFontError(message);
      notifications.show({ color: 'red', message, autoClose: TOAST_MS.long });
    }
  }

  const header = (
    <Group justify="space-between" align="center">
      <div>
        <Title order={1} size="h2">
          Agency
        </Title>
        <Group gap="sm">
          <Anchor component={Link} to={routes.agency(region)} size="sm">
            Agency settings
          </Anchor>
          <Anchor component={Link} to={routes.clients(region)} size="sm">
            Clients
          </Anchor>
        </Group>
      </div>
      {draft && (
        <Group gap="xs">
          <Badge color={settings.changed ? 'yellow' : 'green'} variant="light" role="status">
            {settings.changed ? 'Unsaved changes' : 'All changes saved'}
          </Badge>
          <Button onClick={() => void save()} disabled={settings.loading || !settings.changed} loading={settings.saving}>
            Save
          </Button>
        </Group>
      )}
    </Group>
  );

  if (settings.loading) {
    return (
      <Stack p="md" gap="md">
        {header}
        <Text c="dimmed" role="status">Loading agency settings…</Text>
      </Stack>
    );
  }
  if (settings.error) {
    return (
      <Stack p="md" gap="md">
        {header}
        <LiveError what="the agency settings" error={settings.error} onRetry={settings.retry} />
      </Stack>
    );
  }
  if (!server || !draft) {
    return (
      <Stack p="md" gap="md">
        {header}
        <InitCard onInit={init} />
      </Stack>
    );
  }

  const billingDisabled = autoBillingDisabled(access.data);
  const content: Record<TabValue, React.ReactNode> = {
    overview: <OverviewTab draft={draft} update={settings.update} region={region} userId={user.uid} />,
    domains: <DomainsTab agency={draft} region={region} user={user} access={access.data} />,
    email: <EmailTab agency={draft} region={region} user={user} />,
    theme: <ThemeTab draft={draft} update={settings.update} editors={{ PaletteEditor, CssEditor }} fontError={fontError} setFontError={setFontError} />,
    'custom-tabs': <CustomTabsTab tabs={draft.customTabs} onChange={(customTabs) => settings.update({ customTabs })} region={region} userId={user.uid} />,
    // Reached through ?tab=auto-billing while the tab is disabled: say why instead of the setup.
    'auto-billing': <AutoBillingTab locked={!!access.data && billingDisabled} />,
    footer: <FooterTab draft={draft} update={settings.update} />,
  };

  return (
    <Stack p="md" gap="md">
      {header}
      <Tabs value={tab} onChange={(v) => v && setParams((p) => { p.set('tab', v); return p; }, { replace: true })} keepMounted={false}>
        <Tabs.List aria-label="Agency settings">
          {TABS.map((t) =>
            t.value === 'auto-billing' ? (
              <Tooltip key={t.value} label={AUTO_BILLING_TOOLTIP}>
                <Tabs.Tab value={t.value} disabled={billingDisabled}>
                  {t.label}
                </Tabs.Tab>
              </Tooltip>
            ) : (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ),
          )}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            {t.value === 'custom-tabs' ? (
              content[t.value]
            ) : (
              <Grid gap="lg">
                <Grid.Col span={{ base: 12, lg: 7 }}>{content[t.value]}</Grid.Col>
                <Grid.Col span={{ base: 12, lg: 5 }}>
                  <BrandPreview look={draft} disablePasswordLogin={draft.settings.disablePasswordLogin ?? false} />
                </Grid.Col>
              </Grid>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
