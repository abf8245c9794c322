// Publish button (enabled only with unpublished changes; Published after saving, then the deploy popover), its
// failure message, and the action menu.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { agentsApi } from '@parley/core';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { getAgentDraft, loadAgentIntoDraft, updateAgentDraft } from '../../lib/agent-draft';
import { answer, answerCallables, CallableRefusal } from '../../test/callables';
import { renderWithProviders, stubFetch } from '../../test/render';
import { PublishControls } from './PublishControls';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** POST /v2/agents/{id} as the functions answer it: the saved agent, never its secrets. */
const saveEndpoint = () =>
  stubFetch((url, init) => {
    const { VF_DIALOGUE_API_KEY: _secret, ...saved } = JSON.parse(String(init.body));
    return { status: 200, body: { success: true, data: { ...saved, ID: /agents\/([^?]+)/.exec(url)![1] } } };
  });

function seed(id: string, extra: Record<string, unknown> = {}) {
  loadAgentIntoDraft({ ID: id, title: 'Support', ownerID: 'owner1', lastModified: 1, ...extra });
}

describe('Publish', () => {
  it('refuses a flow with a step nobody can reach, naming it, and sends nothing', async () => {
    const api = saveEndpoint();
    vi.stubGlobal('fetch', api.fn);
    const at = { x: 0, y: 0 };
    seed('flow1', { enableNodes: true, nodes: [{ id: 's', type: 'start', position: at, next: null }] });
    renderWithProviders(<PublishControls agentId="flow1" />);
    act(() =>
      updateAgentDraft('flow1', (d) => ({
        ...d,
        nodes: [...(d.nodes ?? []), { id: 'c', type: 'default' as const, position: at, name: 'confirm', instructions: '', toolIds: [], edges: [] }],
      })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The flow cannot be published yet')).toBeTruthy();
    expect(screen.getByText(/The step "confirm" cannot be reached from the start\./)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    expect(getAgentDraft('flow1')!.saved.nodes).toHaveLength(1);
  });

  it('is enabled only when the draft differs from the saved agent (bookkeeping fields ignored)', () => {
    seed('p1');
    renderWithProviders(<PublishControls agentId="p1" />);
    const publish = () => screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement;
    expect(publish().disabled).toBe(true);
    act(() => updateAgentDraft('p1', (d) => ({ ...d, lastModified: 99, ownerID: 'x' })));
    expect(publish().disabled).toBe(true);
    act(() => updateAgentDraft('p1', (d) => ({ ...d, title: 'Sales' })));
    expect(publish().disabled).toBe(false);
  });

  it('saves through POST /v2/agents/{id} with the workspace secret, then shows Published and the deploy popover', async () => {
    const api = saveEndpoint();
    vi.stubGlobal('fetch', api.fn);
    seed('p2');
    renderWithProviders(<PublishControls agentId="p2" />);
    act(() => updateAgentDraft('p2', (d) => ({ ...d, title: 'Sales' })));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('button', { name: 'Add widget to website' })).toBeTruthy();
    expect(screen.getByRole('button', { name: "Don't show again" })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Published' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls[0]!.url).toBe('/v2/agents/p2?region=na');
    expect((api.calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer vg_secretsecretsecret12');
    expect(JSON.parse(String(api.calls[0]!.init.body)).title).toBe('Sales');
    fireEvent.click(screen.getByRole('button', { name: "Don't show again" }));
    expect(localStorage.getItem('parley.hideDeployPopover')).toBe('1');
  });

  it.each([
    ["with the server's reason", 400, 'Max chunk size must be greater than 1000', 'Failed to save agent: Max chunk size must be greater than 1000'],
    ['without a reason', 500, '', 'Failed to save agent'],
  ])('says why it failed %s, and stays enabled', async (_case, status, error, shown) => {
    vi.stubGlobal('fetch', stubFetch(() => ({ status, body: { success: false, error } })).fn);
    seed(`p-${status}`);
    renderWithProviders(<PublishControls agentId={`p-${status}`} />);
    act(() => updateAgentDraft(`p-${status}`, (d) => ({ ...d, title: 'Sales' })));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(shown)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends a newly typed secret to the server but keeps none in the browser, and never sends an empty one', async () => {
    const api = saveEndpoint();
    vi.stubGlobal('fetch', api.fn);
    seed('p5', { agentPlatform: 'vf' });
    renderWithProviders(<PublishControls agentId="p5" />);
    act(() => updateAgentDraft('p5', (d) => ({ ...d, VF_DIALOGUE_API_KEY: 'VF.DM.typed', whatsappToken: '' })));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByRole('button', { name: 'Published' });
    const sent = JSON.parse(String(api.calls[0]!.init.body));
    expect(sent.VF_DIALOGUE_API_KEY).toBe('VF.DM.typed');
    expect('whatsappToken' in sent).toBe(false);
    expect(getAgentDraft('p5')!.draft.VF_DIALOGUE_API_KEY).toBeUndefined();
    expect(getAgentDraft('p5')!.saved.VF_DIALOGUE_API_KEY).toBeUndefined();
  });
});

describe('agent action menu', () => {
  async function openMenu() {
    fireEvent.click(screen.getByRole('button', { name: 'Agent actions' }));
    return screen.findByRole('menu');
  }

  it('lists the actions; Export Agent Template only with nodes', async () => {
    seed('m1', { enableNodes: false });
    renderWithProviders(<PublishControls agentId="m1" />);
    await openMenu();
    const items = screen.getAllByRole('menuitem').map((el) => el.textContent);
    expect(items).toEqual(['Copy Agent ID', 'Website Script', 'Connect to Number', 'WhatsApp', 'Discord', 'Telegram', 'Instagram', 'Messenger', 'Version History']);
  });

  it('exports the template: success and error messages', async () => {
    seed('m2', { enableNodes: true });
    renderWithProviders(<PublishControls agentId="m2" />);
    // Spied and restored, since files share one page (vitest.config.ts): a later file spies on it afresh.
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    onTestFinished(() => {
      created.mockRestore();
      revoked.mockRestore();
    });
    let nodesEnabled = true;
    answerCallables({
      exportAgentToJson: answer(agentsApi.exportAgentToJson, ({ agentId }) => {
        if (!nodesEnabled) throw new CallableRefusal('functions/failed-precondition', 'Only agents with nodes enabled can be exported as a template.');
        return { agentTemplate: { key: `agent-${agentId}`, name: 'Support' } };
      }),
    });
    await openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Export Agent Template' }));
    expect(await screen.findByText('Agent template exported successfully')).toBeTruthy();
    nodesEnabled = false;
    await openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Export Agent Template' }));
    expect(await screen.findByText('Error exporting agent: Only agents with nodes enabled can be exported as a template.')).toBeTruthy();
  });

  it('opens the channels’ own setup modal for the entry chosen, when the app supplies it', async () => {
    seed('m4');
    const opened: Array<string | null> = [];
    const ChannelDialog = ({ channel, saved }: { channel: string | null; saved: boolean }) => {
      opened.push(channel);
      return channel ? <div role="dialog" aria-label={`Setup ${channel}`}>{saved ? 'saved agent' : 'unsaved agent'}</div> : null;
    };
    renderWithProviders(<PublishControls agentId="m4" ChannelDialog={ChannelDialog} />);
    await openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Messenger' }));
    expect((await screen.findByRole('dialog', { name: 'Setup messenger' })).textContent).toBe('saved agent');
    await openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'WhatsApp' }));
    await screen.findByRole('dialog', { name: 'Setup whatsapp' });
  });

  it('opens channel dialogs that say what they hold and lead to the Channels tab', async () => {
    seed('m3');
    renderWithProviders(<PublishControls agentId="m3" />);
    await openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Telegram' }));
    expect(await screen.findByText(/Connect Telegram so your agent answers messages there/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open Channels' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Current path' }).textContent).toBe('/app/na/agents/m3/channels?channel=telegram'));
  });
});
