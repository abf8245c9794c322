// The client's Account drawer: what the client types survives live updates of its own record (its status flips,
// its notifications get read), and Save writes the name and photo to that record.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { useState } from 'react';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectTestFirestore } from '../../test/emulator';
import { theme } from '../../ui/theme';
import { AccountDrawer } from './AccountDrawer';
import { PortalContextProvider, type PortalState } from './portal-context';

// The client's record is a real document in the Firestore emulator; the drawer saves to it.
const fs = connectTestFirestore();
beforeAll(() => setDoc(doc(fs.server, 'clients', 'c1'), { ID: 'c1', orgId: 'o1', name: 'Casey', email: 'casey@example.com' }));

const client = {
  ID: 'c1', orgId: 'o1', name: 'Casey', email: 'casey@example.com', type: 'client' as const, widgetIDs: ['a1'], canAccess: ['/convos'],
  status: 'online' as const, notificationsSettings: { notifyThrough: 'email' as const, notifyIf: 'all' as const }, preferredLanguage: 'en',
  isAdmin: false, isOrgAdmin: false, allowCreateAgents: false, hideAdvancedSettings: false,
};

/** The portal as the live listener feeds it: "Status changes" hands in a new copy of the client's record. */
function Portal() {
  const [record, setRecord] = useState<typeof client | (Omit<typeof client, 'status'> & { status: 'offline' })>(client);
  const state: PortalState = {
    user: { uid: 'client:c1', email: null } as unknown as User, region: 'na',
    claims: { uid: 'client:c1', role: 'client', clientId: 'c1', orgId: 'o1', agencyId: 'ag1', admin: false },
    client: record, org: null, orgs: [], selectOrg: () => undefined, agents: [], agency: null,
    access: { canAccess: record.canAccess, widgetIDs: record.widgetIDs }, isAdmin: false, isOrgAdmin: false, loading: false, error: null,
  };
  return (
    <PortalContextProvider value={state}>
      <button type="button" onClick={() => setRecord({ ...record, status: 'offline' })}>
        Status changes
      </button>
      <AccountDrawer opened onClose={() => undefined} />
    </PortalContextProvider>
  );
}

describe('client Account drawer', () => {
  it('keeps the name being typed through a live update of the record, and saves it', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={new QueryClient()}>
          <Portal />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const name = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.value).toBe('Casey');
    fireEvent.change(name, { target: { value: 'Casey Jones' } });
    fireEvent.click(screen.getByRole('button', { name: 'Status changes', hidden: true }));
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Casey Jones');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await getDoc(doc(fs.server, 'clients', 'c1'))).data()).toMatchObject({ name: 'Casey Jones', squarePhotoURL: '' }));
  });
});
