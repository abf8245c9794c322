// /app/{region}/c{href} in the owner's dashboard: the agency's custom tab as its clients see it (the owner's
// preview; client dashboards frame tabs with CustomTabFrame too).
import { Text } from '@mantine/core';
import { CUSTOM_TAB_ROUTE_PREFIX, appPage } from '@parley/core';
import { useLocation } from 'react-router-dom';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { CustomTabScreen } from './CustomTabScreen';
import { useAgencySettings } from './use-agency-settings';

export default function CustomTabPage() {
  const { region } = useCurrentWorkspace();
  const { pathname } = useLocation();
  const { server, loading } = useAgencySettings(region);
  const href = pathname.slice(`${appPage(region)}${CUSTOM_TAB_ROUTE_PREFIX}`.length) || '/';
  const tab = server?.customTabs.find((t) => t.href === href);
  if (loading) return <Text p="md" c="dimmed" role="status">Loading tab…</Text>;
  return <CustomTabScreen tab={tab} notFound={{ title: 'Tab not found', text: `No custom tab has the URL ${href}. Add it in Agency → Custom Tabs and save.` }} />;
}
