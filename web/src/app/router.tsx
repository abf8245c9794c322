import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { DEFAULT_AGENT_SECTION } from '@parley/core';
import { PageFrame } from './page-frame';
import { agentSections, appRoutes, publicRoutes } from './route-table';
import { lazy, Suspense } from 'react';
import { FullPageLoader } from '../ui/FullPageLoader';
import { RouteBoundary } from '../ui/RouteBoundary';

// The signed-in shell is its own chunk: public pages and /login do not download it.
const AppLayout = lazy(() => import('./shell/AppLayout').then((m) => ({ default: m.AppLayout })));
const AgentRoute = lazy(() => import('./shell/AgentRoute').then((m) => ({ default: m.AgentRoute })));
import { PublicEffects } from './PublicEffects';

export function buildRoutes(): RouteObject[] {
  const shellChildren: RouteObject[] = [
    { index: true, element: <Navigate to="agents" replace /> },
    ...appRoutes.map((r) => ({ path: r.path, element: <PageFrame load={r.load} /> })),
    {
      path: 'agents/:agentId',
      element: (
        <Suspense fallback={<FullPageLoader label="Loading agent…" />}>
          <AgentRoute />
        </Suspense>
      ),
      children: [
        { index: true, element: <Navigate to={DEFAULT_AGENT_SECTION} replace /> },
        ...agentSections.map((s) => ({ path: `${s.key}/*`, element: <PageFrame load={s.load} /> })),
        { path: '*', element: <Navigate to={`../${DEFAULT_AGENT_SECTION}`} replace /> },
      ],
    },
  ];
  return [
    {
      element: <PublicEffects />,
      children: [
        {
          path: '/app/:region',
          element: (
            <RouteBoundary>
              <Suspense fallback={<FullPageLoader />}>
                <AppLayout />
              </Suspense>
            </RouteBoundary>
          ),
          children: shellChildren,
        },
        ...publicRoutes.map((r) => ({ path: r.path, element: <PageFrame load={r.load} /> })),
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
