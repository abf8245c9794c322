/* eslint-disable @typescript-eslint/no-explicit-any -- request bodies are inspected loosely */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAgentIntoDraft, updateAgentDraft } from '../../lib/agent-draft';
import { fakeUser, fakeWorkspace, renderWithProviders } from '../../test/render';
import { TestDebugger } from './TestDebugger';

afterEach(() => vi.unstubAllGlobals());

/** The chat endpoint as it streams: the launch greeting, or a reply in two pieces with its trace. */
function chatEndpoint() {
  const requests: Array<{ url: string; authorization: string; body: Record<string, any> }> = [];
  const stream = (...events: Array<[string, unknown]>) =>
    new Response(events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join(''), { status: 200, headers: { 'content-type': 'text/event-stream' } });
  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body));
    requests.push({ url: String(input), authorization: (init.headers as Record<string, string>).authorization ?? '', body });
    const base = { conversationId: 'c_test00000000', control: 'ai', messageDelayMS: 0, failed: false };
    if (body.action === 'launch') return stream(['start', { conversationId: base.conversationId }], ['done', { ...base, parts: ['Welcome!'], sources: [], responder: 'launch' }]);
    return stream(
      ['delta', { text: 'Ahoy, ' }],
      ['done', { ...base, parts: ['Ahoy, we deliver.'], responder: 'llm', modelId: 'gpt-4o-mini', sources: [{ title: 'Bakery FAQ', excerpt: 'We deliver', score: 2.5 }] }],
    );
  };
  return { requests, fetchStub };
}

describe('test debugger', () => {
  it('chats with the current unsaved draft as the signed-in owner and shows the answer trace', async () => {
    const endpoint = chatEndpoint();
    vi.stubGlobal('fetch', endpoint.fetchStub);
    const agent = { ID: 'A1', title: 'Bakery', ownerID: 'owner1', vg_systemPrompt: 'Saved prompt' };
    loadAgentIntoDraft(agent);
    updateAgentDraft('A1', (d) => ({ ...d, vg_systemPrompt: 'You are a pirate.' }));
    const user = { ...fakeUser(), getIdToken: async () => 'owner-id-token' } as unknown as User;
    renderWithProviders(<TestDebugger agent={agent} />, { workspace: fakeWorkspace({ user }) });
    await screen.findByText('Welcome!');
    fireEvent.change(screen.getByLabelText('Test message'), { target: { value: 'Do you deliver?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Ahoy, we deliver.');
    await waitFor(() => expect(screen.getByText('Bakery FAQ (2.5)')).toBeTruthy());
    expect(screen.getByText('gpt-4o-mini')).toBeTruthy();
    // The runtime got the unsaved draft, the conversation so far, and the owner's ID token; the message continues the
    // test conversation the launch started (one session, one conversation).
    expect(endpoint.requests.find((r) => r.body.action === 'launch')!.body.conversationId).toBeUndefined();
    const sent = endpoint.requests.find((r) => r.body.action === 'text')!;
    expect(sent.url).toBe('/public/agents/A1/chat?region=na&channel=test');
    expect(sent.authorization).toBe('Bearer owner-id-token');
    expect(sent.body).toMatchObject({ conversationId: 'c_test00000000', message: 'Do you deliver?', draft: { vg_systemPrompt: 'You are a pirate.' }, history: [{ role: 'assistant', text: 'Welcome!' }] });
  });

  it('shows the step a flow moved to and the step the conversation is at', async () => {
    vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      const base = { conversationId: 'c_test00000001', control: 'ai', messageDelayMS: 0, failed: false, sources: [] };
      const done = JSON.parse(String(init.body)).action === 'launch'
        ? { ...base, parts: ['Hi!'], responder: 'launch' }
        : {
            ...base, parts: ['[confirm] Shall I book the 3rd?'], responder: 'llm', step: 'confirm',
            toolCalls: [{ name: 'go_to_step', arguments: '{"step":"confirm"}', ok: true, result: 'Moved to the step "confirm".', step: 'confirm' }],
          };
      return new Response(`event: done\ndata: ${JSON.stringify(done)}\n\n`, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    const agent = { ID: 'A3', title: 'Bookings', ownerID: 'owner1', enableNodes: true };
    loadAgentIntoDraft(agent);
    renderWithProviders(<TestDebugger agent={agent} />, { workspace: fakeWorkspace({ user: { ...fakeUser(), getIdToken: async () => 't' } as unknown as User }) });
    await screen.findByText('Hi!');
    fireEvent.change(screen.getByLabelText('Test message'), { target: { value: 'The 3rd, please' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('[confirm] Shall I book the 3rd?');
    expect(screen.getByLabelText('Tool calls').textContent).toBe('Moved to step “confirm”');
    expect(screen.getByText('Step: confirm')).toBeTruthy();
  });

  it("shows the runtime's refusal in the conversation", async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success: false, error: 'Please provide your dialogue API key and try again.' }), { status: 400 }));
    const agent = { ID: 'A2', title: 'Voiceflow bot', ownerID: 'owner1', agentPlatform: 'vf' as const };
    loadAgentIntoDraft(agent);
    const user = { ...fakeUser(), getIdToken: async () => 'owner-id-token' } as unknown as User;
    renderWithProviders(<TestDebugger agent={agent} />, { workspace: fakeWorkspace({ user }) });
    expect((await screen.findByRole('alert')).textContent).toBe('Please provide your dialogue API key and try again.');
  });
});
