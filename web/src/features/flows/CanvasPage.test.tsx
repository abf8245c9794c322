// The Canvas: building start → "collect the date" → end with the toolbar and the inspector, the publish problems
// naming what is unreachable until it is connected, and undo/redo across the draft writes.
import { fireEvent, screen, within } from '@testing-library/react';
import { flowProblems, type FlowNode } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { getAgentDraft, loadAgentIntoDraft } from '../../lib/agent-draft';
import { renderWithProviders } from '../../test/render';
import CanvasPage from './CanvasPage';

const route = (id: string) => ({ route: `/app/na/agents/${id}/prompt`, path: '/app/:region/agents/:agentId/prompt' });
const flowOf = (id: string) => getAgentDraft(id)!.draft.nodes as FlowNode[];
// React Flow shows a node once it has measured it, which happy-dom never does: nodes are found while hidden, by the
// label they carry (a hidden element has no accessible name).
function node(label: string): HTMLElement {
  const found = screen.getAllByRole('group', { hidden: true }).find((n) => n.getAttribute('aria-label') === label);
  if (!found) throw new Error(`no node labelled ${label}`);
  return found;
}
const problems = () => within(screen.getByRole('region', { name: 'Before you publish' })).getAllByRole('listitem').map((li) => li.textContent);

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Canvas', () => {
  it('builds a flow in the inspector, names the unreachable step until it is connected, and undoes edits', async () => {
    loadAgentIntoDraft({ ID: 'cv1', ownerID: 'owner1', enableNodes: true, vg_systemPrompt: 'Be kind.', nodes: [{ id: 'start', type: 'start', position: { x: 0, y: 0 }, next: null }] });
    renderWithProviders(<CanvasPage />, route('cv1'));

    fireEvent.click(screen.getByRole('button', { name: 'Add step' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Step name' }), { target: { value: 'collect the date' } });
    expect(problems()).toContain('The step "collect the date" cannot be reached from the start. Connect a path to it, or delete it.');

    fireEvent.click(screen.getByRole('button', { name: 'Add end' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Closing message' }), { target: { value: 'See you then!' } });
    const [, step, end] = flowOf('cv1');

    // The step gets a path to the end, whose condition is written in plain words.
    fireEvent.click(node('Step "collect the date"'));
    await choose('Add a path to', 'End: End');
    expect(problems()).toContain('The path from the step "collect the date" to the end "End" has no condition. Describe when to take it.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Condition for the path to "End"' }), { target: { value: 'the visitor gave a date' } });

    // The start leads to the step; the flow is then ready.
    fireEvent.click(node('Start'));
    expect((screen.getByRole('textbox', { name: /^Global instructions/ }) as HTMLTextAreaElement).value).toBe('Be kind.');
    await choose('First step', 'collect the date');
    expect(screen.getByText('The flow is ready to publish.')).toBeTruthy();
    expect(flowProblems(flowOf('cv1'))).toEqual([]);
    expect(flowOf('cv1')).toMatchObject([
      { type: 'start', next: step!.id },
      { type: 'default', name: 'collect the date', edges: [{ target: end!.id, condition: 'the visitor gave a date' }] },
      { type: 'end', message: 'See you then!' },
    ]);

    // Undo walks back one edit at a time (a run of typing in one field is one edit); redo brings it back.
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(flowOf('cv1')[0]).toMatchObject({ next: null });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect((flowOf('cv1')[1] as Extract<FlowNode, { type: 'default' }>).edges[0]!.condition).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(flowProblems(flowOf('cv1'))).toEqual([]);
  });

  it('keeps the undo history when the Canvas is left and opened again', () => {
    loadAgentIntoDraft({ ID: 'cv2', ownerID: 'owner1', enableNodes: true, nodes: [{ id: 'start', type: 'start', position: { x: 0, y: 0 }, next: null }] });
    const first = renderWithProviders(<CanvasPage />, route('cv2'));
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(flowOf('cv2')).toHaveLength(2);
    first.unmount();
    renderWithProviders(<CanvasPage />, route('cv2'));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(flowOf('cv2')).toHaveLength(1);
  });

  it('deletes a step with the paths into it, and lays the flow out in columns', () => {
    const at = { x: 500, y: 500 };
    loadAgentIntoDraft({
      ID: 'cv3', ownerID: 'owner1', enableNodes: true,
      nodes: [
        { id: 'start', type: 'start', position: at, next: 'ask' },
        { id: 'ask', type: 'default', position: at, name: 'ask', edges: [{ id: 'e1', target: 'bye', condition: 'done' }] },
        { id: 'bye', type: 'end', position: at, name: 'bye' },
      ],
    });
    renderWithProviders(<CanvasPage />, route('cv3'));
    fireEvent.click(screen.getByRole('button', { name: 'Auto-layout' }));
    expect(flowOf('cv3').map((n) => n.position.x)).toEqual([0, 320, 640]);
    fireEvent.click(node('End "bye"'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete end' }));
    expect(flowOf('cv3').map((n) => n.id)).toEqual(['start', 'ask']);
    expect(flowOf('cv3')[1]).toMatchObject({ edges: [] });
    expect(problems()).toContain('The step "ask" never leads to an end. Add a path from it towards an end node.');
  });

  it('offers to turn the flow on for an agent without it', () => {
    loadAgentIntoDraft({ ID: 'cv4', ownerID: 'owner1', enableNodes: false });
    renderWithProviders(<CanvasPage />, route('cv4'));
    fireEvent.click(screen.getByRole('button', { name: 'Turn on multi-step flow' }));
    expect(getAgentDraft('cv4')!.draft).toMatchObject({ enableNodes: true, nodes: [{ type: 'start' }] });
  });

  it('lets a step choose among the workspace tools the page is given', async () => {
    const at = { x: 0, y: 0 };
    loadAgentIntoDraft({
      ID: 'cv5', ownerID: 'owner1', enableNodes: true,
      nodes: [{ id: 'start', type: 'start', position: at, next: 'ask' }, { id: 'ask', type: 'default', position: at, name: 'ask', edges: [] }],
    });
    const useTools = () => [{ id: 'tool-orders', name: 'get_order_status' }];
    renderWithProviders(<CanvasPage useTools={useTools} />, route('cv5'));
    fireEvent.click(node('Step "ask"'));
    fireEvent.click(screen.getAllByLabelText('Tools').find((el) => el.tagName === 'INPUT')!);
    fireEvent.click(await screen.findByRole('option', { name: 'get_order_status' }));
    expect(flowOf('cv5')[1]).toMatchObject({ toolIds: ['tool-orders'] });
  });
});
