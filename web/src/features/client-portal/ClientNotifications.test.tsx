// The client's bell counts only what arrived since the client last opened the panel, and opening it records
// that moment on the client's own record (the one field the rules let a client set for this).
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { MemoryRouter } from 'react-router-dom';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LiveFirestore } from '../../lib/live-firebase';
import { connectTestFirestore } from '../../test/emulator';
import { theme } from '../../ui/theme';
import { ClientNotifications } from './ClientNotifications';
import { PortalContextProvider, type PortalState } from './portal-context';

const NOW = Math.floor(Date.now() / 1000);
const stored = [
  { id: 'n-old', title: 'Yesterday: a visitor asked for a call back', body: 'Open the chat.', ts: NOW - 86_400 },
  { id: 'n-new', title: 'A visitor wants to talk to a person', body: 'Open the chat.', ts: NOW - 60 },
];

// The stored notifications are real documents in the Firestore emulator, addressed to everyone of agent a1; the bell
// hears them through its listeners.
const fs = connectTestFirestore();
beforeAll(async () => {
  await Promise.all(stored.map((n) => setDoc(doc(fs.server, 'notifications-1', n.id), { ...n, notifyOnly: [], agentId: 'a1' })));
});

// Each test's client has a record of its own in the emulator, where the bell records what the client has seen.
let n = 0;
let clientId = '';
beforeEach(() => {
  n += 1;
  clientId = `c${n}`;
});
const storedRecord = async () => (await getDoc(doc(fs.server, 'clients', clientId))).data();

async function renderBell(seenAt?: number) {
  await setDoc(doc(fs.server, 'clients', clientId), { ID: clientId, orgId: 'o1', name: 'Casey', ...(seenAt ? { notificationsSeenAt: seenAt } : {}) });
  const client = {
    ID: clientId, orgId: 'o1', name: 'Casey', email: 'casey@example.com', type: 'client' as const, widgetIDs: ['a1'], canAccess: ['/convos'],
    status: 'online' as const, notificationsSettings: { notifyThrough: 'email' as const, notifyIf: 'all' as const }, preferredLanguage: 'en',
    isAdmin: false, isOrgAdmin: false, allowCreateAgents: false, hideAdvancedSettings: false, ...(seenAt ? { notificationsSeenAt: seenAt } : {}),
  };
  const state: PortalState = {
    user: { uid: `client:${clientId}`, email: null } as unknown as User, region: 'na',
    claims: { uid: `client:${clientId}`, role: 'client', clientId, orgId: 'o1', agencyId: 'ag1', admin: false },
    client, org: null, orgs: [], selectOrg: () => undefined, agents: [], agency: null,
    access: { canAccess: client.canAccess, widgetIDs: client.widgetIDs }, isAdmin: false, isOrgAdmin: false, loading: false, error: null,
  };
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <LiveFirestore region="na">
            <PortalContextProvider value={state}>
              <ClientNotifications />
            </PortalContextProvider>
          </LiveFirestore>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('client notifications bell', () => {
  it('counts every notification when the client never opened the panel', async () => {
    await renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications (2 new)' })).toBeTruthy();
  });

  it('counts only what came after the client last looked, and opening records the newest as seen', async () => {
    await renderBell(NOW - 3600);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications (1 new)' }));
    expect(await screen.findByText('A visitor wants to talk to a person')).toBeTruthy();
    expect(screen.getByText('Yesterday: a visitor asked for a call back')).toBeTruthy();
    await waitFor(async () => expect((await storedRecord())?.notificationsSeenAt).toBe(NOW - 60));
  });

  it('writes nothing when there is nothing new', async () => {
    await renderBell(NOW);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('A visitor wants to talk to a person')).toBeTruthy();
    expect((await storedRecord())?.notificationsSeenAt).toBe(NOW);
  });
});
