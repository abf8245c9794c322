// The Prompt and Canvas editors on a client's dashboard (agency host): a client given the page on an agent opens
// the same editors as the agency (the app's own section pages, as the agency host's router composes them), and
// Save sends the draft with the client's own ID token; a client not given them is sent to its first allowed page.
import { fireEvent, screen } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { createElement, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientAgentFrame, ClientSection } from '../../features/client-portal';
import { PortalContextProvider, type PortalState } from '../../features/client-portal/portal-context';
import { fakeWorkspace, renderWithProviders } from '../../test/render';
import { agentSections } from '../route-table';

const AGENT = { ID: 'ca1', title: 'Booking desk', ownerID: 'agency1', agentPlatform: 'vg', vg_systemPrompt: 'You book visits.' };
const clientUser = { uid: 'client:c1', email: null, getIdToken: async () => 'client-id-token' } as unknown as User;

function portal(canAccess: string[]): PortalState {
  return {
    user: clientUser,
    region: 'na',
    claims: { uid: 'client:c1', role: 'client', clientId: 'c1', orgId: 'o1', agencyId: 'ag1', admin: false },
    client: null,
    org: null,
    orgs: [],
    selectOrg: () => undefined,
    agents: [AGENT],
    agency: null,
    access: { canAccess, widgetIDs: [AGENT.ID] },
    isAdmin: false,
    isOrgAdmin: false,
    loading: false,
    error: null,
  };
}

async function page(key: string): Promise<ComponentType> {
  return (await agentSections.find((s) => s.key === key)!.load()).default;
}

async function openAsClient(section: 'nodes' | 'prompt', canAccess: string[]) {
  const [prompt, canvas] = await Promise.all([page('nodes'), page('prompt')]);
  const sections = (
    <PortalContextProvider value={portal(canAccess)}>
      <Routes>
        <Route path="/app/:region/agents/:agentId" element={<ClientAgentFrame />}>
          <Route path="nodes/*" element={<ClientSection section="nodes">{createElement(prompt)}</ClientSection>} />
          <Route path="prompt/*" element={<ClientSection section="prompt">{createElement(canvas)}</ClientSection>} />
          <Route path="convos/*" element={<ClientSection section="convos"><h1>Chats</h1></ClientSection>} />
        </Route>
      </Routes>
    </PortalContextProvider>
  );
  // As the client dashboard's frame: the agency's workspace, no secret, so calls carry the client's ID token.
  const workspace = fakeWorkspace({ user: clientUser, secret: null, workspaces: [], isPersonal: false }, { uid: 'agency1' });
  return renderWithProviders(sections, { route: `/app/na/agents/${AGENT.ID}/${section}`, path: '*', workspace });
}

afterEach(() => vi.restoreAllMocks());

describe('Prompt and Canvas on a client dashboard', () => {
  it('a client given the Prompt page edits the system prompt and saves it with its own ID token', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) =>
      Response.json({ success: true, data: JSON.parse(String(init?.body)) }),
    );
    await openAsClient('nodes', ['/nodes']);
    await screen.findByRole('heading', { name: 'Prompt' });
    const prompt = screen.getByLabelText(/^System prompt/) as HTMLTextAreaElement;
    expect(prompt.value).toBe('You book visits.');
    fireEvent.change(prompt, { target: { value: 'You book visits, politely.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved successfully');
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).includes(`/v2/agents/${AGENT.ID}`))!;
    expect(String(url)).toContain('region=na');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer client-id-token');
    expect(JSON.parse(String(init?.body))).toMatchObject({ ID: AGENT.ID, vg_systemPrompt: 'You book visits, politely.' });
    expect(screen.getByText('All changes saved')).toBeTruthy();
  });

  it('a client given both pages turns the flow on in the Prompt and opens the Canvas before saving', async () => {
    await openAsClient('nodes', ['/nodes', '/prompt']);
    await screen.findByRole('heading', { name: 'Prompt' });
    fireEvent.click(screen.getByRole('switch', { name: /Multi-step flow/ }));
    // The draft decides which tabs show, as on the agency's own dashboard: the Canvas is there before the save.
    fireEvent.click(screen.getByRole('link', { name: 'Canvas' }));
    await screen.findByRole('heading', { name: 'Canvas' });
    await screen.findByRole('toolbar', { name: 'Canvas tools' });
    expect(screen.getByLabelText('Current path').textContent).toBe(`/app/na/agents/${AGENT.ID}/prompt`);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('a client not given them goes to its first allowed page', async () => {
    await openAsClient('prompt', ['/convos']);
    await screen.findByRole('heading', { name: 'Chats' });
    expect(screen.getByLabelText('Current path').textContent).toBe(`/app/na/agents/${AGENT.ID}/convos`);
  });
});
