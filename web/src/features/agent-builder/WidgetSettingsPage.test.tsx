import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { agentsApi } from '@parley/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadAgentIntoDraft, updateAgentDraft } from '../../lib/agent-draft';
import type { AgentDoc } from '../../lib/agents-data';
import { WorkspaceContextProvider, type CurrentWorkspace } from '../../lib/workspace-context';
import { answer, answerCallables } from '../../test/callables';
import { connectTestFirestore } from '../../test/emulator';
import WidgetSettingsPage from './WidgetSettingsPage';

// happy-dom has no document.fonts; Mantine's autosize textarea listens to it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });

// The owner's agency domains are read from the Firestore emulator, where no agency of these owners is stored.
connectTestFirestore();

// No dialogue key is stored for any agent here.
beforeEach(() => answerCallables({ agentSecretStatus: answer(agentsApi.agentSecretStatus, () => ({ hasDialogueKey: false, agentSecret: null })) }));

function renderPage(agent: AgentDoc, uid = 'owner-1') {
  loadAgentIntoDraft(agent);
  const workspace = {
    user: { uid, getIdToken: async () => 'token' },
    region: 'na',
    workspace: { uid, region: 'na' },
    workspaces: [{ uid, region: 'na' }],
    secret: 'vg_secret',
    isPersonal: true,
    switchWorkspace: () => undefined,
    refresh: async () => undefined,
  } as unknown as CurrentWorkspace;
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={new QueryClient()}>
        <WorkspaceContextProvider value={workspace}>
          <MemoryRouter initialEntries={[`/app/na/agents/${agent.ID}/overview`]}>
            <Routes>
              <Route path="/app/na/agents/:agentId/overview" element={<WidgetSettingsPage KnowledgePanel={() => <p>Sources list</p>} />} />
              <Route path="/app/na/widgets" element={<p>Widgets list</p>} />
            </Routes>
          </MemoryRouter>
        </WorkspaceContextProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('Widget Settings page', () => {
  it('turns away users who do not own the agent', async () => {
    renderPage({ ID: 'agentOther', ownerID: 'someone-else', lastModified: 1 });
    expect(await screen.findByText('Widgets list')).toBeTruthy();
    expect(await screen.findByText('This widget does not exist.')).toBeTruthy();
  });

  it('shows the five tabs for vg agents and asks to save before deploying', async () => {
    renderPage({ ID: 'agentVg', ownerID: 'owner-1', agentPlatform: 'vg', lastModified: 1, title: 'Mine' });
    for (const tab of ['Overview', 'Sources', 'Theme', 'Settings', 'Channels']) expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Prototype link' }).getAttribute('href')).toBe('/app/na/prototype?vg_id=agentVg');
    expect(screen.getByRole('link', { name: 'Demo link' }).getAttribute('href')).toBe('/app/na/demo/agentVg/page1');
    updateAgentDraft('agentVg', (d) => ({ ...d, title: 'Changed' }));
    expect(await screen.findByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Deploy Widget' }));
    expect(await screen.findByText('Please save and publish first.')).toBeTruthy();
  });

  it('hides Sources for vf agents, disables Channels until saved and asks for the dialogue key to test', async () => {
    renderPage({ ID: 'agentVf', ownerID: 'owner-1', agentPlatform: 'vf' });
    expect(screen.queryByRole('tab', { name: 'Sources' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Channels' }).hasAttribute('disabled') || screen.getByRole('tab', { name: 'Channels' }).getAttribute('data-disabled') === 'true').toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Test Chatbot' }));
    expect(await screen.findByText('Please provide your dialogue API key and try again.')).toBeTruthy();
  });
});
