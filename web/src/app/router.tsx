// The router: the route table's pages inside the public effects, the signed-in shell and the agent route.
// Every route can say what to start the moment it is matched (`handle.preload`): on a reload of a signed-in
// page the shell's code, Firebase Auth, the page's own chunk and its first reads all start at once, instead
// of one after another as each piece renders.
import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { createBrowserRouter, Navigate, type Params, type RouteObject } from 'react-router-dom';
import { mayReadWorkspaces } from '../features/auth/email-verification';
import { startSession } from '../lib/session';
import { FullPageLoader } from '../ui/FullPageLoader';
import { RouteBoundary } from '../ui/RouteBoundary';
import { PageFrame } from './page-frame';
import { PublicEffects } from './PublicEffects';
import { once, usePage, type LazyPage } from './lazy-page';
import { agentSections, appRoutes, publicRoutes } from './route-table';

// The signed-in shell is its own chunk: public pages and /login do not download it. It opens only for a verified
// e-mail (the verify screen comes first), so the gate loads with it.
const loadAppLayout = once(() =>
  Promise.all([import('./shell/AppLayout'), import('../features/auth/VerifyEmailScreen')]).then(([shell, auth]) => ({
    default: function VerifiedShell() {
      return (
        <auth.EmailVerificationGate>
          <shell.AppLayout />
        </auth.EmailVerificationGate>
      );
    },
  })),
);
const loadAgentRoute = once(() => import('./shell/AgentRoute').then((m) => ({ default: m.AgentRoute })));
const loadDefaultSection = once(() => import('./shell/AgentRoute').then((m) => ({ default: m.DefaultSectionRedirect })));
const loadUnknownSection = once(() => import('./shell/AgentRoute').then((m) => ({ default: m.UnknownSectionRedirect })));

/** A piece of the shell loaded on demand (rendered at once when its code is already here). */
function Part({ load }: { load: LazyPage }) {
  const Component = usePage(load);
  return <Component />;
}

/**
 * What a route starts when it is matched: its code, and for signed-in routes the session and first reads.
 * Answers when its code has arrived (or failed to).
 */
export interface RouteHandle {
  preload(params: Params): Promise<unknown>;
}

const pageHandle = (load: LazyPage): RouteHandle => ({ preload: () => load().catch(() => undefined) });

export function buildRoutes(queryClient?: QueryClient): RouteObject[] {
  const shellHandle: RouteHandle = {
    preload: (params) => {
      startSession();
      // Not for a user whose e-mail is unverified: the rules refuse the reads; the verify screen comes first.
      if (queryClient) {
        void Promise.all([import('./shell/prefetch'), mayReadWorkspaces()])
          .then(([m, may]) => (may ? m.prefetchSignedInData(queryClient, params) : undefined))
          .catch(() => undefined);
      }
      return loadAppLayout().catch(() => undefined);
    },
  };
  const shellChildren: RouteObject[] = [
    { index: true, element: <Navigate to="agents" replace /> },
    ...appRoutes.map((r) => ({ path: r.path, element: <PageFrame load={r.load} />, handle: pageHandle(r.load) })),
    {
      path: 'agents/:agentId',
      handle: pageHandle(loadAgentRoute),
      element: (
        <Suspense fallback={<FullPageLoader label="Loading agent…" />}>
          <Part load={loadAgentRoute} />
        </Suspense>
      ),
      children: [
        { index: true, element: <Part load={loadDefaultSection} /> },
        ...agentSections.map((s) => ({ path: `${s.key}/*`, element: <PageFrame load={s.load} />, handle: pageHandle(s.load) })),
        { path: '*', element: <Part load={loadUnknownSection} /> },
      ],
    },
  ];
  return [
    {
      element: <PublicEffects />,
      children: [
        {
          path: '/app/:region',
          handle: shellHandle,
          element: (
            <RouteBoundary>
              <Suspense fallback={<FullPageLoader />}>
                <Part load={loadAppLayout} />
              </Suspense>
            </RouteBoundary>
          ),
          children: shellChildren,
        },
        ...publicRoutes.map((r) => ({ path: r.path, element: <PageFrame load={r.load} />, handle: pageHandle(r.load) })),
      ],
    },
  ];
}

/**
 * The app's router; what the first URL needs starts loading at once. `ready` settles when the first URL's
 * code is here: rendering then shows the page without suspending (React keeps a Suspense fallback that was
 * shown on screen for a while before it reveals the page).
 */
export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(buildRoutes(queryClient));
  const ready = Promise.all(router.state.matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload(match.params)));
  return { router, ready };
}
