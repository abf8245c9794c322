import { describe, expect, it } from 'vitest';
import { agentFlowProblems, flowRefusalMessage } from './publish';
import { flowNodesSchema } from './schema';

describe("an agent's flow at publish", () => {
  it('is not checked while nodes are off', () => {
    expect(agentFlowProblems({ enableNodes: false, nodes: [{ type: 'default' }] })).toEqual([]);
    expect(agentFlowProblems({})).toEqual([]);
  });

  it('needs a start once nodes are on', () => {
    expect(agentFlowProblems({ enableNodes: true })).toEqual(['The flow has no start node. Add one where the conversation begins.']);
  });

  it('names a node that does not fit the node model by its place in the list', () => {
    const problems = agentFlowProblems({ enableNodes: true, nodes: [{ id: 's', type: 'start' }, { id: 'x', type: 'default', name: 'n'.repeat(500) }] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^Node 2 \(name\): /);
    expect(agentFlowProblems({ enableNodes: true, nodes: [{ id: 's', type: 'start' }, { id: 's', type: 'end' }] })).toEqual(['Node 2 (id): Two nodes share the id "s".']);
  });

  it('reports the graph problems of a well-formed flow', () => {
    const nodes = [{ id: 's', type: 'start', next: null }, { id: 'x', type: 'default', name: 'confirm' }];
    expect(agentFlowProblems({ enableNodes: true, nodes })).toEqual([
      'The step "confirm" cannot be reached from the start. Connect a path to it, or delete it.',
      'The step "confirm" never leads to an end. Add a path from it towards an end node.',
    ]);
  });

  it('fills the defaults of stored nodes and drops fields the model does not know', () => {
    expect(flowNodesSchema.parse([{ id: 's', type: 'start', extra: 1 }])).toEqual([{ id: 's', type: 'start', position: { x: 0, y: 0 }, next: null }]);
  });

  it('writes the refusal as one sentence per line after its heading', () => {
    expect(flowRefusalMessage(['A.', 'B.'])).toBe('The flow cannot be published yet:\nA.\nB.');
  });
});
