import { describe, expect, it } from 'vitest';
import {
  applyTransition, currentStep, keywordPath, movedText, runnableFlow, stepPaths, stepPrompt, TRANSITION_TOOL_NAME, transitionFunction,
} from './runtime';
import type { DefaultNode, EndNode, FlowNode } from './schema';

const at = { x: 0, y: 0 };
/** start → collect the date → confirm → end, with a keyword path from the date straight to a human. */
const booking = (): FlowNode[] => [
  { id: 'start', type: 'start', position: at, next: 'date' },
  { id: 'memo', type: 'note', position: at, text: 'Ask for the date first.' },
  {
    id: 'date', type: 'default', position: at, name: 'collect the date', instructions: 'Ask which date suits the visitor.', toolIds: ['slots'],
    edges: [
      { id: 'e1', target: 'confirm', match: 'condition', condition: 'the visitor gave a date' },
      { id: 'e2', target: 'bye', match: 'keyword', condition: 'cancel' },
    ],
  },
  { id: 'confirm', type: 'default', position: at, name: 'confirm', instructions: 'Read the date back and ask for a yes.', toolIds: [], edges: [{ id: 'e3', target: 'bye', match: 'condition', condition: 'the visitor confirmed' }] },
  { id: 'bye', type: 'end', position: at, name: 'Booked', message: 'See you then!' },
];
const step = (nodes: FlowNode[], id: string) => nodes.find((n) => n.id === id) as DefaultNode;

describe('flow runtime', () => {
  it('runs only a sound flow with a step, and only with nodes enabled', () => {
    expect(runnableFlow({ enableNodes: true, nodes: booking() })).toHaveLength(5);
    expect(runnableFlow({ enableNodes: false, nodes: booking() })).toBeNull();
    // A step nobody reaches: the flow would not publish, so it does not run.
    expect(runnableFlow({ enableNodes: true, nodes: [...booking(), { ...step(booking(), 'confirm'), id: 'stray' }] })).toBeNull();
    // The simple view: a start with notes only answers as a plain agent.
    expect(runnableFlow({ enableNodes: true, nodes: [{ id: 'start', type: 'start', next: null }] })).toBeNull();
    expect(runnableFlow({ enableNodes: true, nodes: 'not a flow' })).toBeNull();
  });

  it('starts at the first step and stays at a stored step; an end or a deleted step starts over', () => {
    const nodes = booking();
    expect(currentStep(nodes, undefined)?.id).toBe('date');
    expect(currentStep(nodes, 'confirm')?.id).toBe('confirm');
    expect(currentStep(nodes, 'bye')?.id).toBe('date');
    expect(currentStep(nodes, 'gone')?.id).toBe('date');
    expect(currentStep(nodes, 'memo')?.id).toBe('date');
  });

  it('offers the step its instructions and its paths as one transition function listing the next steps', () => {
    const nodes = booking();
    expect(stepPrompt(nodes, step(nodes, 'date'))).toContain('<step name="collect the date">\nAsk which date suits the visitor.\n</step>');
    const fn = transitionFunction(nodes, step(nodes, 'date'))!;
    expect(fn.name).toBe(TRANSITION_TOOL_NAME);
    expect(fn.parameters).toMatchObject({
      required: ['step'],
      properties: {
        step: {
          anyOf: [
            { const: 'confirm', description: 'confirm: when the visitor gave a date' },
            { const: 'bye', description: 'Booked: when the visitor\'s message contains "cancel"' },
          ],
        },
      },
    });
    // An end has no way out.
    expect(stepPaths(nodes, nodes[4] as EndNode)).toEqual([]);
  });

  it('moves along a path the step has, and answers any other choice with the steps it may choose', () => {
    const nodes = booking();
    const date = step(nodes, 'date');
    expect(applyTransition(nodes, date, '{"step":"confirm"}')).toMatchObject({ ok: true, to: { id: 'confirm' } });
    expect(applyTransition(nodes, date, '{"step":"bye"}')).toMatchObject({ ok: true, to: { type: 'end', message: 'See you then!' } });
    expect(applyTransition(nodes, step(nodes, 'confirm'), '{"step":"date"}')).toEqual({
      ok: false, error: 'There is no path from the step "confirm" to "date". Choose one of: "bye".',
    });
    expect(applyTransition(nodes, date, '{}')).toEqual({ ok: false, error: 'Say which step to move to. Choose one of: "confirm", "bye".' });
    expect(applyTransition(nodes, date, 'not json')).toMatchObject({ ok: false });
  });

  it('takes a keyword path when the message contains the word, not a part of another word', () => {
    const nodes = booking();
    const date = step(nodes, 'date');
    expect(keywordPath(nodes, date, 'Please CANCEL it.')?.to.id).toBe('bye');
    expect(keywordPath(nodes, date, 'a cancellation policy?')).toBeNull();
    expect(keywordPath(nodes, date, 'the 3rd works')).toBeNull();
  });

  it('says where the conversation moved', () => {
    const nodes = booking();
    expect(movedText(step(nodes, 'confirm'))).toBe('Moved to the step "confirm".');
    expect(movedText(nodes[4] as EndNode)).toBe('Moved to the end "Booked". The conversation is over.');
  });
});
