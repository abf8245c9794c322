import { describe, expect, it } from 'vitest';
import { flowProblemMessages, flowProblems } from './checks';
import type { FlowNode } from './schema';

const at = { x: 0, y: 0 };
const start = (next: string | null): FlowNode => ({ id: 'start', type: 'start', position: at, next });
const step = (id: string, name: string, edges: { target: string; condition?: string; match?: 'condition' | 'keyword' }[] = []): FlowNode => ({
  id, type: 'default', position: at, name, instructions: '', toolIds: [],
  edges: edges.map((e, i) => ({ id: `${id}-e${i}`, target: e.target, match: e.match ?? 'condition', condition: e.condition ?? 'when it is time' })),
});
const end = (id: string, name = ''): FlowNode => ({ id, type: 'end', position: at, name, message: 'Goodbye!' });
const note = (id: string): FlowNode => ({ id, type: 'note', position: at, text: 'remember to check the opening hours' });

/** start → collect the date → confirm → end */
const booking = (): FlowNode[] => [
  start('date'),
  step('date', 'collect the date', [{ target: 'confirm', condition: 'the visitor gave a date' }]),
  step('confirm', 'confirm', [{ target: 'bye', condition: 'the visitor confirmed' }]),
  end('bye', 'Booked'),
];

describe('flow publish checks', () => {
  it('accepts a complete flow, and a start with only notes (the simple view)', () => {
    expect(flowProblems(booking())).toEqual([]);
    expect(flowProblems([start(null), note('n1')])).toEqual([]);
  });

  it('names the step nobody can reach', () => {
    const flow = booking().map((n) => (n.id === 'date' && n.type === 'default' ? { ...n, edges: [] } : n));
    const problems = flowProblemMessages(flow);
    expect(problems).toContain('The step "confirm" cannot be reached from the start. Connect a path to it, or delete it.');
    expect(problems).toContain('The end "Booked" cannot be reached from the start. Connect a path to it, or delete it.');
    expect(problems).toContain('The step "collect the date" never leads to an end. Add a path from it towards an end node.');
  });

  it('names a step that goes round in circles without an end', () => {
    const flow = [start('a'), step('a', 'ask', [{ target: 'b' }]), step('b', 'answer', [{ target: 'a' }]), end('e')];
    const problems = flowProblemMessages(flow);
    expect(problems).toContain('The step "ask" never leads to an end. Add a path from it towards an end node.');
    expect(problems).toContain('The step "answer" never leads to an end. Add a path from it towards an end node.');
    expect(problems).toContain('The end "End" cannot be reached from the start. Connect a path to it, or delete it.');
  });

  it('names a path that leads nowhere, into a note or back to the start', () => {
    const flow = [start('a'), step('a', 'ask', [{ target: 'gone' }, { target: 'n1' }, { target: 'start' }, { target: 'e' }]), note('n1'), end('e')];
    const problems = flowProblems(flow);
    expect(problems.filter((p) => p.edgeId).map((p) => p.message)).toEqual([
      'The step "ask" has a path that leads to a node that no longer exists. Delete the path or connect it again.',
      'The step "ask" has a path into a note. Notes are not part of the conversation: connect the path to a step or an end.',
      'The step "ask" has a path back to the start. Connect it to a step or an end instead.',
    ]);
    expect(problems.every((p) => p.nodeId === 'a')).toBe(true);
    expect(flowProblemMessages([start('gone')])).toEqual(['The start has a path that leads to a node that no longer exists. Delete the path or connect it again.']);
  });

  it('names a path without a condition or keyword, with both of its ends', () => {
    const flow = [start('a'), step('a', 'ask', [{ target: 'e', condition: '  ' }, { target: 'b', condition: '', match: 'keyword' }]), step('b', '', [{ target: 'e' }]), end('e', 'Done')];
    expect(flowProblemMessages(flow)).toEqual([
      'The path from the step "ask" to the end "Done" has no condition. Describe when to take it.',
      'The path from the step "ask" to the step "Untitled step" has no keyword. Type the keyword that takes it.',
    ]);
  });

  it('needs exactly one start node', () => {
    expect(flowProblemMessages([end('e')])).toEqual(['The flow has no start node. Add one where the conversation begins.']);
    expect(flowProblemMessages([start(null), { ...start(null), id: 'start2' }])).toEqual(['The flow has more than one start node. Keep only one.']);
  });

  it('never checks notes: a lone note is fine', () => {
    expect(flowProblems([...booking(), note('n1')])).toEqual([]);
  });
});
