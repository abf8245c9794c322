// The routes of an agency host: the clients' login at the root (and /login), the client dashboard under
// /app/{region}/… (the client portal's shell with the app's own agent section pages, and the agency's custom
// tabs), the short prototype link /{region}/prototype/{agentId}, and a neutral not-found page. Nothing of the
// platform's public site (landing, pricing, legal, sign-up) exists here.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { createElement, lazy, Suspense, type ComponentType } from 'react';
import type { OrgAdminPanels } from '../../features/client-portal';
import { createBrowserRouter, Link, type RouteObject } from 'react-router-dom';
import { once, usePage, type LazyPage } from '../lazy-page';
import { PageFrame } from '../page-frame';
import { agentSections } from '../route-table';
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

const portalPart = (pick: (m: typeof import('../../features/client-portal')) => ComponentType): LazyPage =>
  once(() => import('../../features/client-portal').then((m) => ({ default: pick(m) })));

const pages = {
  login: portalPart((m) => m.ClientLoginPage),
  dashboard: once(() =>
    import('../../features/client-portal').then((m) => ({
      default: function ClientDashboardPage() {
        return <m.ClientDashboard panels={orgAdminPanels} />;
      },
    })),
  ),
  agentFrame: portalPart((m) => m.ClientAgentFrame),
  defaultSection: portalPart((m) => m.ClientDefaultRedirect),
  catchAll: portalPart((m) => m.ClientCatchAll),
  customTab: once(() => import('./ClientCustomTabPage')),
  prototype: once(() => import('./AgencyPrototypePage')),
};

// An org admin's About and Add User open the clients feature's drawers; their code loads when first opened.
const OrgInfoDrawer = lazy(() => import('../../features/clients').then((m) => ({ default: m.OrgInfoDrawer })));
const UserDrawer = lazy(() => import('../../features/clients').then((m) => ({ default: m.UserDrawer })));
const orgAdminPanels: OrgAdminPanels = {
  About: (p) => (p.opened ? <Suspense fallback={null}><OrgInfoDrawer {...p} /></Suspense> : null),
  AddUser: (p) => (p.opened ? <Suspense fallback={null}><UserDrawer {...p} /></Suspense> : null),
};

/** A piece of the dashboard loaded on demand (rendered at once when its code is already here). */
function Part({ load }: { load: LazyPage }) {
  const Component = usePage(load);
  return <Component />;
}

/** An agent section page of the app, shown to a client only when it may see that section. */
const sectionPage = (key: string, load: LazyPage): LazyPage =>
  once(() =>
    Promise.all([import('../../features/client-portal'), load()]).then(([m, page]) => ({
      default: function ClientSectionPage() {
        return <m.ClientSection section={key}>{createElement(page.default)}</m.ClientSection>;
      },
    })),
  );

export function agencyHostRoutes(): RouteObject[] {
  return [
    {
      element: <AgencyHostFrame />,
      children: [
        { path: '/', element: <PageFrame load={pages.login} /> },
        { path: '/login', element: <PageFrame load={pages.login} /> },
        { path: '/:region/prototype/:agentId', element: <PageFrame load={pages.prototype} /> },
        {
          path: '/app/:region',
          element: <PageFrame load={pages.dashboard} />,
          children: [
            // Inside the dashboard: the client's first allowed page.
            { index: true, element: <Part load={pages.defaultSection} /> },
            { path: 'c/*', element: <PageFrame load={pages.customTab} /> },
            {
              path: 'agents/:agentId',
              element: <PageFrame load={pages.agentFrame} />,
              children: [
                { index: true, element: <Part load={pages.defaultSection} /> },
                ...agentSections.map((s) => ({ path: `${s.key}/*`, element: <PageFrame load={sectionPage(s.key, s.load)} /> })),
                { path: '*', element: <Part load={pages.defaultSection} /> },
              ],
            },
            { path: '*', element: <Part load={pages.defaultSection} /> },
          ],
        },
        { path: '/404', element: <AgencyNotFound /> },
        // Any other URL: a signed-in client's first allowed page, else the login.
        { path: '*', element: <PageFrame load={pages.catchAll} /> },
      ],
    },
  ];
}

export function createAgencyHostRouter() {
  // The first URL's code starts downloading now, beside the router's own start.
  if (window.location.pathname.startsWith('/app/')) void pages.dashboard().catch(() => undefined);
  else void pages.login().catch(() => undefined);
  return createBrowserRouter(agencyHostRoutes());
}

/** Every path of an unknown or unverified host shows the same neutral page. */
export function createNotConnectedRouter(host: string, status: 'not-connected' | 'unavailable') {
  return createBrowserRouter([{ path: '*', element: <NotConnectedPage host={host} status={status} /> }]);
}
