// The signed-in shell's gates against Google's Firestore emulator: the user's workspaces are real records in
// both regional databases. Not onboarded → /onboarding; a refused workspace read signs the user out; switching
// to a workspace of the other region shows the switching screen; a region without the user's workspaces sends
// them to their home region.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { connectFirestoreEmulator, doc, getFirestore, setDoc } from 'firebase/firestore';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import rules from '../../../../firestore.rules?raw';
import { connectTestFirestore } from '../../test/emulator';
import { expectRefusedReads } from '../../test/quiet-console';
import { SessionContextProvider } from '../../lib/session';
import { AppLayout } from './AppLayout';

// Some gates are the rules refusing a read: the SDK's logs of those refusals are expected here.
expectRefusedReads();

// Firebase Auth stands behind the session and the sign-out; the shell's gates around them are what is tested.
const m = { user: { uid: '', email: '', emailVerified: true }, signOut: vi.fn(async () => undefined) };
const fs = connectTestFirestore();
const na = fs.server;
const eu = getFirestore(na.app, 'voiceglow-eu');
connectFirestoreEmulator(eu, fs.hostPort.split(':')[0]!, Number(fs.hostPort.split(':')[1]));

let n = 0;
beforeEach(() => {
  // A user of their own per test: the records of one test never show in another.
  n += 1;
  m.user = { uid: `user${n}`, email: `me${n}@example.com`, emailVerified: true };
  m.signOut.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

async function personalWorkspace() {
  await setDoc(doc(na, 'users', m.user.uid), { uid: m.user.uid, workspaceName: 'Mine', workspaceEmails: [m.user.email], email: m.user.email });
}

function renderShell(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = { ...m.user, photoURL: null, getIdToken: async () => 't.o.k' } as unknown as User;
  return render(
    <SessionContextProvider value={{ status: 'signed-in', user }} signOut={m.signOut}>
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
      </MantineProvider>
    </SessionContextProvider>,
  );
}

describe('app shell gates', () => {
  it('sends users without a workspace of their own to /onboarding, even when they are members of another', async () => {
    await setDoc(doc(eu, 'users', `team${n}xxxxxxxxxx`), { uid: `team${n}xxxxxxxxxx`, workspaceName: 'Euro Team', workspaceEmails: [m.user.email, 'boss@example.com'] });
    renderShell('/app/na/agents');
    // The first reads of the file also open the emulator connections.
    expect(await screen.findByRole('heading', { name: 'Onboarding page' }, { timeout: 5000 })).toBeTruthy();
  });

  it('lists workspaces of both regions and shows the switching screen when switching region', async () => {
    await personalWorkspace();
    const team = `team${n}xxxxxxxxxx`;
    await setDoc(doc(eu, 'users', team), { uid: team, workspaceName: 'Euro Team', workspaceEmails: [m.user.email, 'boss@example.com'] });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderShell('/app/na/agents');
    expect(await screen.findByRole('heading', { name: 'Agents page' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Workspace: Mine\b/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Euro Team/ }));
    expect(await screen.findByText('Switching workspace')).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/app/eu/agents'), { timeout: 3000 });
    expect(JSON.parse(localStorage.getItem('parley.currentWorkspace')!)).toEqual({ uid: team, region: 'eu' });
  });

  it('goes to the home region when the user has no workspace in the route region', async () => {
    await personalWorkspace();
    renderShell('/app/eu/agents');
    expect(await screen.findByRole('heading', { name: 'Agents page' })).toBeTruthy();
  });

  it('says "Error occurred refreshing account data" with Try again when the workspaces cannot be read for another reason', async () => {
    // A uid the SDK cannot address as a document: the read fails (not a refusal), as it does offline.
    m.user.uid = `broken/${n}`;
    renderShell('/app/na/agents');
    expect(await screen.findByText('Error occurred refreshing account data', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(m.signOut).not.toHaveBeenCalled();
  });

  // Last: the rules stay loaded for the rest of this file's project.
  it('signs the user out when the workspace read is refused', async () => {
    await personalWorkspace();
    await fs.loadRules(rules);
    renderShell('/app/na/agents');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(m.signOut).toHaveBeenCalled();
  });

  it('does not look up memberships of an unverified e-mail (the rules refuse them): onboarding, not sign-out', async () => {
    m.user.emailVerified = false;
    renderShell('/app/na/agents');
    expect(await screen.findByRole('heading', { name: 'Onboarding page' })).toBeTruthy();
  });
});
