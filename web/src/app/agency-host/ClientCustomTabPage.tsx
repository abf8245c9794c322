// /app/{region}/c{href} in a client dashboard: the agency's custom tab, framed in its sandbox.
import { appPage, CUSTOM_TAB_ROUTE_PREFIX, type CustomTab } from '@parley/core';
import { useLocation } from 'react-router-dom';
import { CustomTabScreen } from '../../features/agency';
import { usePortal } from '../../features/client-portal/portal-context';

export default function ClientCustomTabPage() {
  const { region, agency } = usePortal();
  const { pathname } = useLocation();
  const href = pathname.slice(`${appPage(region)}${CUSTOM_TAB_ROUTE_PREFIX}`.length) || '/';
  const tabs = ((agency as { customTabs?: CustomTab[] } | null)?.customTabs ?? []) as CustomTab[];
  const tab = tabs.find((t) => t.href === href);
  return <CustomTabScreen tab={tab} notFound={{ title: 'Page not found', text: 'This page does not exist.' }} />;
}
