// The signed-in shell: gates (session, onboarding, workspace), top bar, side navigation, page outlet.
import { AppShell, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { isRegion, routes, SIDEBAR_WIDTH_PX } from '@parley/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router-dom';
import { SwitchingScreen } from '../../features/workspaces';
import { NotificationsWatcher } from '../../features/notifications';
import { LiveFirestore } from '../../lib/live-firebase';
import { useSession, useSignOut } from '../../lib/session';
import { WorkspaceContextProvider, type CurrentWorkspace } from '../../lib/workspace-context';
import { isPermissionDenied, writeCurrentWorkspace, type WorkspaceRecord } from '../../lib/workspace-data';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';
import { useWorkspaceState } from './use-workspaces';

export function AppLayout() {
  const params = useParams();
  const region = isRegion(params.region) ? params.region : null;
  const session = useSession();
  const signOut = useSignOut();
  const location = useLocation();
  const navigate = useNavigate();
  const state = useWorkspaceState(session.user, region ?? 'na');
  const [switching, setSwitching] = useState<WorkspaceRecord | null>(null);
  const [navOpen, nav] = useDisclosure(true);
  const viewport = useRef<HTMLDivElement>(null);

  // A workspace query permission error signs the user out.
  const denied = isPermissionDenied(state.list.error);
  useEffect(() => {
    if (denied) void signOut().then(() => navigate('/login', { replace: true }));
  }, [denied, navigate, signOut]);

  // The scroll area goes back to the top on every route change.
  useEffect(() => {
    viewport.current?.scrollTo({ top: 0 });
  }, [location.pathname]);

  const { current: currentWorkspace, secret, refresh } = state;
  const workspaceList = state.list.data;
  const value = useMemo<CurrentWorkspace | null>(() => {
    if (!session.user || !currentWorkspace || !region) return null;
    const current = currentWorkspace;
    return {
      user: session.user,
      region,
      workspace: current,
      workspaces: workspaceList ?? [],
      secret,
      // A personal workspace is a user's own record (no ownerId, or ownerId = itself); team ones name their creator.
      isPersonal: !current.ownerId || current.ownerId === current.uid,
      refresh,
      switchWorkspace: (target) => {
        writeCurrentWorkspace(target);
        if (target.region !== region) {
          // Another region: show the switching screen and reload into that region's agents.
          setSwitching(target);
          setTimeout(() => window.location.assign(routes.agents(target.region)), 600);
        } else {
          void refresh();
          navigate(routes.agents(region));
        }
      },
    };
  }, [session.user, currentWorkspace, workspaceList, secret, refresh, region, navigate]);

  if (!region) return <Navigate to="/404" replace />;
  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'signed-out') return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (denied) return <FullPageLoader label="Signing out…" />;
  if (state.list.isError) return <ErrorFallback message="Error occurred refreshing account data" onRetry={() => void state.refresh()} />;
  if (state.list.isPending || state.own === undefined) return <FullPageLoader label="Loading workspaces…" />;
  if (!state.own) return <Navigate to={routes.onboarding(region)} replace />;
  if (switching) return <SwitchingScreen name={switching.workspaceName ?? ''} region={switching.region} />;
  if (!value) {
    // No workspace of this user lives in this region: go to their home region.
    const home = state.own.region;
    return home === region ? <FullPageLoader /> : <Navigate to={routes.agents(home)} replace />;
  }

  // The workspace's live views (agents, notifications, chats…) listen to its region's database.
  return (
    <LiveFirestore region={region}>
      <WorkspaceContextProvider value={value}>
        <AppShell
          header={{ height: 60 }}
          navbar={{ width: navOpen ? SIDEBAR_WIDTH_PX.expanded : SIDEBAR_WIDTH_PX.collapsed, breakpoint: 0 }}
          padding={0}
        >
          <AppShell.Header>
            <TopBar navOpen={navOpen} onToggleNav={nav.toggle} />
          </AppShell.Header>
          <AppShell.Navbar>
            <SideNav expanded={navOpen} />
          </AppShell.Navbar>
          <AppShell.Main h="100vh">
            <ScrollArea h="calc(100vh - 60px)" viewportRef={viewport} type="auto">
              <Outlet />
            </ScrollArea>
          </AppShell.Main>
        </AppShell>
        <NotificationsWatcher />
      </WorkspaceContextProvider>
    </LiveFirestore>
  );
}
