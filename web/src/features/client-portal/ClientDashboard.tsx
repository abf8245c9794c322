// The client dashboard on an agency host (/app/{region}/…): the client's state, the top bar, the access-denied modal
// and the page outlet. Pages inside it (an agent's Chats etc.) are the app's own pages, composed in by the app; they
// see the signed-in client through the same current-workspace context staff pages use (the agency's workspace,
// read-only: no secret, no switching).
import { AppShell, Button, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { isRegion } from '@parley/core';
import { LiveFirebase } from '../../lib/live-firebase';
import { WorkspaceContextProvider, type CurrentWorkspace } from '../../lib/workspace-context';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { portalLockout } from './client-nav';
import { ClientTopBar, useClientSignOut, type OrgAdminPanels } from './ClientTopBar';
import { PortalProvider, usePortal, type PortalState } from './portal-context';
import { usePortalState } from './use-portal-state';

function AccessDenied({ message }: { message: string }) {
  const signOut = useClientSignOut();
  return (
    <Modal opened onClose={() => undefined} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} centered title="Access denied">
      <Stack>
        <Text role="alert">{message}</Text>
        <Button color="red" onClick={() => void signOut()}>
          Log Out
        </Button>
      </Stack>
    </Modal>
  );
}

function workspaceOf(state: PortalState): CurrentWorkspace {
  return {
    user: state.user,
    region: state.region,
    workspace: { uid: state.org?.ownerID ?? state.user.uid, region: state.region },
    workspaces: [],
    secret: null,
    isPersonal: false,
    switchWorkspace: () => undefined,
    refresh: async () => undefined,
  };
}

function DashboardFrame({ panels }: { panels: OrgAdminPanels | undefined }) {
  const state = usePortal();
  const location = useLocation();
  const viewport = useRef<HTMLDivElement>(null);
  const workspace = useMemo(() => workspaceOf(state), [state]);
  useEffect(() => {
    viewport.current?.scrollTo({ top: 0 });
  }, [location.pathname]);
  const lockout = state.loading
    ? null
    : portalLockout({ isAdmin: state.isAdmin, org: state.org, clientWidgetIDs: state.client?.widgetIDs ?? [], readableAgents: state.agents.length });
  return (
    <WorkspaceContextProvider value={workspace}>
      <AppShell header={{ height: 60 }} padding={0}>
        <AppShell.Header>
          <ClientTopBar panels={panels} />
        </AppShell.Header>
        <AppShell.Main h="100vh">
          <ScrollArea h="calc(100vh - 60px)" viewportRef={viewport} type="auto">
            {state.loading ? <FullPageLoader /> : lockout ? null : state.error ? <ErrorFallback onRetry={() => window.location.reload()} /> : <Outlet />}
          </ScrollArea>
        </AppShell.Main>
      </AppShell>
      {lockout ? <AccessDenied message={lockout.message} /> : null}
    </WorkspaceContextProvider>
  );
}

/** The dashboard shell: signed-out visitors go to the login at `/`. Its listeners read the region's database. */
export function ClientDashboard({ panels }: { panels?: OrgAdminPanels }) {
  const { region } = useParams();
  return (
    <LiveFirebase region={isRegion(region) ? region : 'na'}>
      <LiveDashboard region={region} panels={panels} />
    </LiveFirebase>
  );
}

function LiveDashboard({ region, panels }: { region: string | undefined; panels: OrgAdminPanels | undefined }) {
  const state = usePortalState(region);
  if (state.status === 'loading') return <FullPageLoader />;
  if (state.status !== 'ready') return <Navigate to="/" replace />;
  return (
    <PortalProvider value={state}>
      <DashboardFrame panels={panels} />
    </PortalProvider>
  );
}
