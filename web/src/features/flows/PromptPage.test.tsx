// The Prompt page edits the agent's draft: the prompts with their token counts, the launch messages, the model with
// its credit rate, and the switch that turns the multi-step flow on (with a start node) or off.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAgentDraft, loadAgentIntoDraft } from '../../lib/agent-draft';
import { renderWithProviders } from '../../test/render';
import PromptPage from './PromptPage';

function open(id: string, extra: Record<string, unknown> = {}) {
  loadAgentIntoDraft({ ID: id, title: 'Support', ownerID: 'owner1', vg_systemPrompt: 'Be brief.', vg_initMessages: ['Hi!', { role: 'assistant', content: 'How can I help?' }], ...extra });
  renderWithProviders(<PromptPage SaveBar={() => <button type="button">Save</button>} />, { route: `/app/na/agents/${id}/nodes`, path: '/app/:region/agents/:agentId/nodes' });
}

describe('Prompt page', () => {
  it("shows the draft's prompt with its token count and updates the draft as the user types", () => {
    open('pp1');
    const prompt = screen.getByLabelText(/^System prompt/) as HTMLTextAreaElement;
    expect(prompt.value).toBe('Be brief.');
    expect(screen.getByText('Who the agent is and how it answers. About 3 tokens.')).toBeTruthy();
    fireEvent.change(prompt, { target: { value: 'x'.repeat(400) } });
    expect(getAgentDraft('pp1')!.draft.vg_systemPrompt).toBe('x'.repeat(400));
    expect(screen.getByText('Who the agent is and how it answers. About 100 tokens.')).toBeTruthy();
    expect((screen.getByLabelText(/^Launch messages/) as HTMLTextAreaElement).value).toBe('Hi!\nHow can I help?');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it("shows the chosen model's credit rate, and every model's rate among the choices", async () => {
    open('pp2', { vg_defaultModel: 'gpt-4o' });
    expect(screen.getByText('GPT-4o: 5 credits / 1K input tokens · 20 credits / 1K output tokens.')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: /^Model/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'GPT-4.1 mini — 1 credit / 1K input tokens · 2 credits / 1K output tokens' }));
    expect(getAgentDraft('pp2')!.draft.vg_defaultModel).toBe('gpt-4.1-mini');
  });

  it('turns the multi-step flow on with a start node, and off keeping the nodes', () => {
    open('pp3');
    const flowSwitch = screen.getByRole('switch', { name: /Multi-step flow/ });
    fireEvent.click(flowSwitch);
    expect(getAgentDraft('pp3')!.draft).toMatchObject({ enableNodes: true, nodes: [{ type: 'start', next: null }] });
    expect(screen.getByRole('link', { name: 'Canvas' }).getAttribute('href')).toBe('/app/na/agents/pp3/prompt');
    fireEvent.click(flowSwitch);
    expect(getAgentDraft('pp3')!.draft).toMatchObject({ enableNodes: false, nodes: [{ type: 'start' }] });
  });
});
