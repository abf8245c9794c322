// The signed-in shell's gates: onboarding redirect, permission errors sign out, region switching.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FirebaseError } from 'firebase/app';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceRecord } from '../../lib/workspace-data';
import { connectTestFirestore } from '../../test/emulator';
import { AppLayout } from './AppLayout';

const m = vi.hoisted(() => ({ own: vi.fn(), list: vi.fn(), signOut: vi.fn() }));
vi.mock('../../lib/session', () => ({
  useSession: () => ({ status: 'signed-in', user: { uid: 'u1', email: 'me@example.com', photoURL: null, getIdToken: async () => 't.o.k' } }),
  signOutEverywhere: m.signOut,
}));
vi.mock('../../lib/workspace-data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/workspace-data')>()),
  fetchOwnRecord: m.own,
  listWorkspaces: m.list,
}));
// The top bar's live views (agent switcher, notifications) listen to an empty emulator project.
connectTestFirestore();

const personal: WorkspaceRecord = { uid: 'u1', region: 'na', workspaceName: 'Mine', workspaceEmails: ['me@example.com'] };
const euTeam: WorkspaceRecord = { uid: 'team15charsxxxx', region: 'eu', workspaceName: 'Euro Team', workspaceEmails: ['me@example.com', 'boss@example.com'] };

function renderShell(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/app/:region" element={<AppLayout />}>
              <Route path="agents" element={<h1>Agents page</h1>} />
            </Route>
            <Route path="/onboarding" element={<h1>Onboarding page</h1>} />
            <Route path="/login" element={<h1>Login page</h1>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  m.own.mockReset();
  m.list.mockReset();
  m.signOut.mockReset().mockResolvedValue(undefined);
});

describe('app shell gates', () => {
  it('sends users who are not onboarded to /onboarding', async () => {
    m.own.mockResolvedValue(null);
    renderShell('/app/na/agents');
    expect(await screen.findByRole('heading', { name: 'Onboarding page' })).toBeTruthy();
  });

  it('signs the user out when the workspace query is refused', async () => {
    m.own.mockResolvedValue(personal);
    m.list.mockRejectedValue(new FirebaseError('permission-denied', 'Missing or insufficient permissions.'));
    renderShell('/app/na/agents');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(m.signOut).toHaveBeenCalled();
  });

  it('lists workspaces of both regions and shows the switching screen when switching region', async () => {
    m.own.mockResolvedValue(personal);
    m.list.mockResolvedValue([personal, euTeam]);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderShell('/app/na/agents');
    expect(await screen.findByRole('heading', { name: 'Agents page' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Workspace: Mine' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Euro Team/ }));
    expect(await screen.findByText('Switching workspace')).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/app/eu/agents'), { timeout: 3000 });
    expect(JSON.parse(localStorage.getItem('parley.currentWorkspace')!)).toEqual({ uid: 'team15charsxxxx', region: 'eu' });
    vi.unstubAllGlobals();
  });

  it('goes to the home region when the user has no workspace in the route region', async () => {
    m.own.mockResolvedValue(personal);
    m.list.mockResolvedValue([personal]);
    renderShell('/app/eu/agents');
    expect(await screen.findByRole('heading', { name: 'Agents page' })).toBeTruthy();
  });
});
