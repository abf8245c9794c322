// /app/{region}/c{href} in a client dashboard: the agency's custom tab, framed in its sandbox.
import { Stack, Text, Title } from '@mantine/core';
import { appPage, CUSTOM_TAB_ROUTE_PREFIX, type CustomTab } from '@parley/core';
import { useLocation } from 'react-router-dom';
import { CustomTabFrame } from '../../features/agency';
import { usePortal } from '../../features/client-portal/portal-context';

export default function ClientCustomTabPage() {
  const { region, agency } = usePortal();
  const { pathname } = useLocation();
  const href = pathname.slice(`${appPage(region)}${CUSTOM_TAB_ROUTE_PREFIX}`.length) || '/';
  const tabs = ((agency as { customTabs?: CustomTab[] } | null)?.customTabs ?? []) as CustomTab[];
  const tab = tabs.find((t) => t.href === href);
  if (!tab) {
    return (
      <Stack p="md">
        <Title order={1} size="h3">Page not found</Title>
        <Text c="dimmed">This page does not exist.</Text>
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
