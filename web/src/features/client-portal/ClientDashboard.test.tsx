import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { LiveFirestore } from '../../lib/live-firebase';
import { connectTestFirestore } from '../../test/emulator';
import { theme } from '../../ui/theme';
import { ClientAgentFrame, ClientDefaultRedirect, ClientSection } from './ClientAgentFrame';
import { ClientTopBar } from './ClientTopBar';
import { PortalContextProvider, type PortalState } from './portal-context';

// The notifications bell listens to Firestore (its own test covers it); here it is left out.
// The top bar's notifications bell listens to the Firestore emulator, where none are stored for these agents.
connectTestFirestore();

afterEach(() => notifications.clean());

function portal(overrides: Partial<PortalState> = {}): PortalState {
  const client = {
    ID: 'c1',
    orgId: 'o1',
    name: 'Casey',
    email: 'casey@example.com',
    type: 'client' as const,
    widgetIDs: ['a1', 'a2'],
    canAccess: ['/convos'],
    status: 'online' as const,
    notificationsSettings: { notifyThrough: 'email' as const, notifyIf: 'all' as const },
    preferredLanguage: 'en',
    isAdmin: false,
    isOrgAdmin: false,
    allowCreateAgents: false,
    hideAdvancedSettings: false,
  };
  return {
    user: { uid: 'client:c1', email: null } as unknown as User,
    region: 'na',
    claims: { uid: 'client:c1', role: 'client', clientId: 'c1', orgId: 'o1', agencyId: 'ag1', admin: false },
    client,
    org: null,
    orgs: [{ ID: 'o1', name: 'Probe Org' }],
    selectOrg: () => undefined,
    agents: [
      { ID: 'a1', title: 'Bakery assistant with a very long name indeed', agentPlatform: 'vg' },
      { ID: 'a2', title: 'Second', agentPlatform: 'vg' },
    ],
    agency: null,
    access: { canAccess: client.canAccess, widgetIDs: client.widgetIDs },
    isAdmin: false,
    isOrgAdmin: false,
    loading: false,
    error: null,
    ...overrides,
  };
}

function Where() {
  const location = useLocation();
  return <output aria-label="Current path">{location.pathname}</output>;
}

function renderDashboard(route: string, state: PortalState = portal()) {
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[route]}>
          <LiveFirestore region="na">
            <PortalContextProvider value={state}>
              <ClientTopBar />
              <Routes>
                <Route path="/app/:region" element={<ClientDefaultRedirect />} />
                <Route path="/app/:region/agents/:agentId" element={<ClientAgentFrame />}>
                  <Route path="convos/*" element={<ClientSection section="convos"><h1>Chats</h1></ClientSection>} />
                  <Route path="settings/*" element={<ClientSection section="settings"><h1>Settings</h1></ClientSection>} />
                  <Route path="*" element={<ClientDefaultRedirect />} />
                </Route>
                <Route path="*" element={null} />
              </Routes>
              <Where />
            </PortalContextProvider>
          </LiveFirestore>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const path = () => screen.getByLabelText('Current path').textContent;

describe('client dashboard navigation', () => {
  it('shows only the tabs the client may open', async () => {
    renderDashboard('/app/na/agents/a1/convos');
    expect(await screen.findByRole('heading', { name: 'Chats' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Agent sections' });
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Chats']);
  });

  it('sends a page the client may not see, and any other URL, to its first allowed page', async () => {
    renderDashboard('/app/na/agents/a1/settings');
    expect(await screen.findByRole('heading', { name: 'Chats' })).toBeTruthy();
    expect(path()).toBe('/app/na/agents/a1/convos');
  });

  it('lands on the first agent from the dashboard root', async () => {
    renderDashboard('/app/na');
    expect(await screen.findByRole('heading', { name: 'Chats' })).toBeTruthy();
    expect(path()).toBe('/app/na/agents/a1/convos');
  });

  it('sends an agent the client was not given to /404', async () => {
    renderDashboard('/app/na/agents/someone-elses/convos');
    expect(await screen.findByText('/404')).toBeTruthy();
  });

  it('keeps the vertical or horizontal layout of the org, and the agency owner always horizontal', async () => {
    const org = { ID: 'o1', name: 'Probe Org', dashboardLayout: 'vertical' } as PortalState['org'];
    const { unmount } = renderDashboard('/app/na/agents/a1/convos', portal({ org }));
    expect(await screen.findByRole('button', { name: 'Collapse agent navigation' })).toBeTruthy();
    unmount();
    renderDashboard('/app/na/agents/a1/convos', portal({ org, isAdmin: true }));
    expect(await screen.findByRole('heading', { name: 'Chats' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Collapse agent navigation' })).toBeNull();
  });
});

describe('client top bar', () => {
  it('tells a client who is not an org admin so, and cuts agent names to 30 characters', async () => {
    renderDashboard('/app/na/other');
    fireEvent.click(screen.getByRole('button', { name: /^Organization/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Add User' }));
    expect(await screen.findByText('You are not an admin')).toBeTruthy();
    fireEvent.click(screen.getAllByLabelText('Agent').find((el) => el.tagName === 'INPUT')!);
    expect(await screen.findByRole('option', { name: 'Bakery assistant with a very l…' })).toBeTruthy();
  });

  it('shows Send Feedback only with a verified sending domain', () => {
    const { unmount } = renderDashboard('/app/na/other', portal({ agency: { ID: 'ag1', resendEmailDomain: 'acme.com', resendEmailDomainStatus: 'pending' } }));
    expect(screen.queryByRole('button', { name: 'Send Feedback' })).toBeNull();
    unmount();
    renderDashboard('/app/na/other', portal({ agency: { ID: 'ag1', resendEmailDomain: 'acme.com', resendEmailDomainStatus: 'verified' } }));
    expect(screen.getByRole('button', { name: 'Send Feedback' })).toBeTruthy();
  });
});
