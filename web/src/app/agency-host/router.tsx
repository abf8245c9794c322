// The routes of an agency host: the clients' login at the root (and /login), the client dashboard under
// /app/{region}/…, the short prototype link /{region}/prototype/{agentId}, and a neutral not-found page.
// Nothing of the platform's public site (landing, pricing, legal, sign-up) exists here.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { createBrowserRouter, Link, type RouteObject } from 'react-router-dom';
import type { PublicBranding } from '../../lib/agency-host';
import { once, type LazyPage } from '../lazy-page';
import { PageFrame } from '../page-frame';
import { AgencyHostFrame } from './AgencyHostFrame';
import { NotConnectedPage } from './NotConnectedPage';

function AgencyNotFound() {
  return (
    <Center mih="50vh" p="xl">
      <Stack align="center" ta="center" gap="sm">
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">The page you are looking for does not exist.</Text>
        <Button component={Link} to="/">
          Go to sign in
        </Button>
      </Stack>
    </Center>
  );
}

const pages = {
  clientLogin: once(() => import('./client-portal-pages').then((m) => ({ default: m.ClientLoginPage }))),
  clientDashboard: once(() => import('./client-portal-pages').then((m) => ({ default: m.ClientDashboardPage }))),
  prototype: once(() => import('./AgencyPrototypePage')),
} satisfies Record<string, LazyPage>;

export function agencyHostRoutes(): RouteObject[] {
  return [
    {
      element: <AgencyHostFrame />,
      children: [
        { path: '/', element: <PageFrame load={pages.clientLogin} /> },
        { path: '/login', element: <PageFrame load={pages.clientLogin} /> },
        { path: '/:region/prototype/:agentId', element: <PageFrame load={pages.prototype} /> },
        { path: '/app/:region/*', element: <PageFrame load={pages.clientDashboard} /> },
        { path: '*', element: <AgencyNotFound /> },
      ],
    },
  ];
}

export function createAgencyHostRouter(_branding: PublicBranding) {
  for (const load of Object.values(pages)) void load().catch(() => undefined);
  return createBrowserRouter(agencyHostRoutes());
}

/** Every path of an unknown or unverified host shows the same neutral page. */
export function createNotConnectedRouter(host: string, status: 'not-connected' | 'unavailable') {
  return createBrowserRouter([{ path: '*', element: <NotConnectedPage host={host} status={status} /> }]);
}
