// Test rendering with the app's providers, a memory router and a fake current workspace.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { User } from 'firebase/auth';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { LiveFirestore } from '../lib/live-firebase';
import { WorkspaceContextProvider, type CurrentWorkspace } from '../lib/workspace-context';
import type { WorkspaceRecord } from '../lib/workspace-data';
import { AppNotifications } from '../ui/AppNotifications';
import { theme } from '../ui/theme';

export function fakeUser(email = 'owner@example.com', uid = 'owner1'): User {
  return { uid, email, photoURL: null, displayName: 'Owner' } as unknown as User;
}

export function fakeWorkspace(overrides: Partial<CurrentWorkspace> = {}, record: Partial<WorkspaceRecord> = {}): CurrentWorkspace {
  const workspace: WorkspaceRecord = { uid: 'owner1', region: 'na', workspaceName: 'Acme', workspaceEmails: ['owner@example.com'], ...record };
  return {
    user: fakeUser(),
    region: workspace.region,
    workspace,
    workspaces: [workspace],
    secret: 'vg_secretsecretsecret12',
    isPersonal: true,
    switchWorkspace: () => undefined,
    refresh: async () => undefined,
    ...overrides,
  };
}

/** Shows the current path so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Current path">{location.pathname + location.search}</output>;
}

export function renderWithProviders(ui: ReactNode, opts: { route?: string; path?: string; workspace?: CurrentWorkspace | null } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const workspace = opts.workspace === undefined ? fakeWorkspace() : opts.workspace;
  // As in the app's shell: the workspace's live views listen to its region's database (the emulator, in tests that
  // connect one).
  const content = workspace ? (
    <LiveFirestore region={workspace.region}>
      <WorkspaceContextProvider value={workspace}>{ui}</WorkspaceContextProvider>
    </LiveFirestore>
  ) : (
    ui
  );
  return render(
    <MantineProvider theme={theme} env="test">
      <AppNotifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[opts.route ?? '/']}>
          <Routes>
            <Route path={opts.path ?? '*'} element={content} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** A fetch stub answering by URL; records the calls. */
export function stubFetch(answer: (url: string, init: RequestInit) => { status: number; body: unknown }) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    const { status, body } = answer(url, init);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { fn, calls };
}

/**
 * `fn` as fetch, except for the Firestore emulator at `hostPort`: the lite SDK reads and writes over fetch, and those
 * requests still reach the emulator. Call it before stubbing fetch (it keeps the fetch it finds).
 */
export function fetchBesideEmulator(hostPort: string, fn: typeof fetch): typeof fetch {
  const emulatorFetch = globalThis.fetch;
  const onEmulator = (input: RequestInfo | URL) => String(input instanceof Request ? input.url : input).startsWith(`http://${hostPort}/`);
  return (input, init) => (onEmulator(input) ? emulatorFetch(input, init) : fn(input, init));
}
