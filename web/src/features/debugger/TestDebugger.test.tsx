/* eslint-disable @typescript-eslint/no-explicit-any -- recorded calls are inspected loosely */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { describe, expect, it, vi } from 'vitest';
import { loadAgentIntoDraft, updateAgentDraft } from '../../lib/agent-draft';
import { fakeUser, fakeWorkspace, renderWithProviders } from '../../test/render';

const calls: any[] = [];
vi.mock('./test-chat', async (original) => ({
  ...(await original<typeof import('./test-chat')>()),
  sendTestMessage: async (opts: any) => {
    calls.push(opts);
    if (opts.action === 'launch') return { conversationId: 'c', parts: ['Welcome!'], sources: [], responder: 'launch', failed: false, messageDelayMS: 0 };
    opts.onDelta('Ahoy, ');
    return {
      conversationId: 'c', parts: ['Ahoy, we deliver.'], responder: 'llm', modelId: 'gpt-4o-mini', failed: false, messageDelayMS: 0,
      sources: [{ docId: 'd1', name: 'Bakery FAQ', excerpt: 'We deliver', score: 2.5 }],
    };
  },
}));
const { TestDebugger } = await import('./TestDebugger');

describe('test debugger', () => {
  it('chats with the current unsaved draft as the signed-in owner and shows the answer trace', async () => {
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
    const sent = calls.find((c) => c.action === 'text');
    expect(sent).toMatchObject({ agentId: 'A1', region: 'na', idToken: 'owner-id-token', message: 'Do you deliver?' });
    expect(sent.draft.vg_systemPrompt).toBe('You are a pirate.');
    expect(sent.history).toEqual([{ role: 'assistant', text: 'Welcome!' }]);
  });
});
