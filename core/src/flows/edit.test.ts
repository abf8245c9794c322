import { describe, expect, it } from 'vitest';
import { flowProblems } from './checks';
import { canConnect, connectNodes, moveFlowNodes, newFlowNode, removeFlowEdge, removeFlowNodes, starterFlow, updateFlowEdge, updateFlowNode } from './edit';
import { flowNodesSchema, type FlowNode } from './schema';

const at = { x: 0, y: 0 };

/** Builds start → collect the date → confirm → end by the same operations the canvas uses. */
function buildBooking(): FlowNode[] {
  let flow = [newFlowNode('start', at, 'start'), newFlowNode('default', at, 'date'), newFlowNode('default', at, 'confirm'), newFlowNode('end', at, 'end')];
  flow = updateFlowNode(flow, 'date', { name: 'collect the date' });
  flow = updateFlowNode(flow, 'confirm', { name: 'confirm' });
  flow = connectNodes(flow, 'start', 'date');
  flow = connectNodes(flow, 'date', 'confirm', 'e1');
  flow = connectNodes(flow, 'confirm', 'end', 'e2');
  flow = updateFlowEdge(flow, 'date', 'e1', { condition: 'the visitor gave a date' });
  return updateFlowEdge(flow, 'confirm', 'e2', { condition: 'yes', match: 'keyword' });
}

describe('flow editing', () => {
  it('builds a flow that saves and passes the publish checks', () => {
    const flow = buildBooking();
    expect(flowProblems(flow)).toEqual([]);
    expect(flowNodesSchema.parse(flow)).toEqual(flow);
  });

  it('starts a newly enabled flow with a start node alone', () => {
    expect(starterFlow()).toMatchObject([{ type: 'start', next: null }]);
    expect(flowProblems(starterFlow())).toEqual([]);
  });

  it('connects only from a start or step into a step or end, once per target', () => {
    const flow = [...buildBooking(), newFlowNode('note', at, 'n')];
    expect(canConnect(flow, 'end', 'date')).toBe(false);
    expect(canConnect(flow, 'date', 'n')).toBe(false);
    expect(canConnect(flow, 'date', 'start')).toBe(false);
    expect(canConnect(flow, 'date', 'date')).toBe(false);
    expect(connectNodes(flow, 'date', 'confirm')).toEqual(flow);
    const moved = connectNodes(flow, 'start', 'confirm');
    expect(moved.find((n) => n.id === 'start')).toMatchObject({ next: 'confirm' });
  });

  it('deleting a node deletes the paths into it, so nothing dangles', () => {
    const flow = removeFlowNodes(buildBooking(), ['confirm']);
    expect(flow.map((n) => n.id)).toEqual(['start', 'date', 'end']);
    expect(flow.find((n) => n.id === 'date')).toMatchObject({ edges: [] });
    expect(removeFlowNodes(buildBooking(), ['date']).find((n) => n.id === 'start')).toMatchObject({ next: null });
  });

  it('deletes one path', () => {
    const flow = removeFlowEdge(buildBooking(), 'date', 'e1');
    expect(flow.find((n) => n.id === 'date')).toMatchObject({ edges: [] });
    expect(removeFlowEdge(buildBooking(), 'start', null).find((n) => n.id === 'start')).toMatchObject({ next: null });
  });

  it("changes a node's fields but never its id or type, and moves nodes", () => {
    const flow = updateFlowNode(buildBooking(), 'end', { message: 'See you!', id: 'other', type: 'default' } as never);
    expect(flow.find((n) => n.id === 'end')).toMatchObject({ type: 'end', message: 'See you!' });
    const moved = moveFlowNodes(flow, new Map([['end', { x: 10, y: 20 }]]));
    expect(moved.find((n) => n.id === 'end')?.position).toEqual({ x: 10, y: 20 });
  });
});
