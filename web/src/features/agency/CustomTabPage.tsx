// /app/{region}/c{href} in the owner's dashboard: the agency's custom tab as its clients see it (the owner's
// preview; client dashboards frame tabs with CustomTabFrame too).
import { Stack, Text, Title } from '@mantine/core';
import { CUSTOM_TAB_ROUTE_PREFIX, appPage } from '@parley/core';
import { useLocation } from 'react-router-dom';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { CustomTabFrame } from './CustomTabFrame';
import { useAgencySettings } from './use-agency-settings';

export default function CustomTabPage() {
  const { region } = useCurrentWorkspace();
  const { pathname } = useLocation();
  const { server, loading } = useAgencySettings(region);
  const href = pathname.slice(`${appPage(region)}${CUSTOM_TAB_ROUTE_PREFIX}`.length) || '/';
  const tab = server?.customTabs.find((t) => t.href === href);
  if (loading) return <Text p="md" c="dimmed" role="status">Loading tab…</Text>;
  if (!tab) {
    return (
      <Stack p="md">
        <Title order={1} size="h3">Tab not found</Title>
        <Text c="dimmed">No custom tab has the URL {href}. Add it in Agency → Custom Tabs and save.</Text>
      </Stack>
    );
  }
  return (
    <Stack p="md" gap="sm">
      <Title order={1} size="h3">{tab.label}</Title>
      <CustomTabFrame tab={tab} />
    </Stack>
  );
}
