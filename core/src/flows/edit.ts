// Editing a flow without breaking it: each operation answers a new node list. Connections go only from a start or
// a step, and only into a step or an end; deleting a node deletes the paths that led to it.
import { randomString } from '../ids';
import type { DefaultNode, FlowEdge, FlowNode, FlowNodeType, FlowPosition } from './schema';

export const newFlowId = (): string => randomString(10);

/** A node of the given type with empty fields, ready to be filled in. */
export function newFlowNode(type: FlowNodeType, position: FlowPosition, id: string = newFlowId()): FlowNode {
  switch (type) {
    case 'start':
      return { id, type, position, next: null };
    case 'note':
      return { id, type, position, text: '' };
    case 'default':
      return { id, type, position, name: '', instructions: '', toolIds: [], edges: [] };
    case 'end':
      return { id, type, position, name: '', message: '' };
  }
}

/** The flow of an agent that just turned nodes on: the start node alone. */
export const starterFlow = (): FlowNode[] => [newFlowNode('start', { x: 0, y: 0 })];

/** Whether a path may go from `source` to `target`. */
export function canConnect(nodes: readonly FlowNode[], source: string, target: string): boolean {
  if (source === target) return false;
  const from = nodes.find((n) => n.id === source);
  const to = nodes.find((n) => n.id === target);
  if (!from || !to) return false;
  return (from.type === 'start' || from.type === 'default') && (to.type === 'default' || to.type === 'end');
}

/**
 * Adds a path from `source` to `target` (the start has one path: connecting it again moves it). A step keeps one
 * path per target; the new path's condition is left for the user to write.
 */
export function connectNodes(nodes: readonly FlowNode[], source: string, target: string, edgeId: string = newFlowId()): FlowNode[] {
  if (!canConnect(nodes, source, target)) return [...nodes];
  return nodes.map((node) => {
    if (node.id !== source) return node;
    if (node.type === 'start') return { ...node, next: target };
    if (node.type !== 'default' || node.edges.some((e) => e.target === target)) return node;
    const edge: FlowEdge = { id: edgeId, target, match: 'condition', condition: '' };
    return { ...node, edges: [...node.edges, edge] };
  });
}

/** Deletes nodes and every path that led to them. */
export function removeFlowNodes(nodes: readonly FlowNode[], ids: readonly string[]): FlowNode[] {
  const gone = new Set(ids);
  return nodes
    .filter((n) => !gone.has(n.id))
    .map((node) => {
      if (node.type === 'start' && node.next && gone.has(node.next)) return { ...node, next: null };
      if (node.type === 'default' && node.edges.some((e) => gone.has(e.target))) return { ...node, edges: node.edges.filter((e) => !gone.has(e.target)) };
      return node;
    });
}

/** Deletes one path: a step's edge by its id, or the start's path (`edgeId` null). */
export function removeFlowEdge(nodes: readonly FlowNode[], source: string, edgeId: string | null): FlowNode[] {
  return nodes.map((node) => {
    if (node.id !== source) return node;
    if (node.type === 'start') return { ...node, next: null };
    if (node.type === 'default') return { ...node, edges: node.edges.filter((e) => e.id !== edgeId) };
    return node;
  });
}

/** The fields of one kind of node that an edit may change. */
export type FlowNodeFields = FlowNode extends infer T ? (T extends FlowNode ? Partial<Omit<T, 'id' | 'type'>> : never) : never;

/** Changes a node's own fields (its type and id stay). */
export function updateFlowNode(nodes: readonly FlowNode[], id: string, patch: FlowNodeFields): FlowNode[] {
  return nodes.map((node) => (node.id === id ? ({ ...node, ...patch, id: node.id, type: node.type } as FlowNode) : node));
}

/** Changes a step's path: its condition or keyword. */
export function updateFlowEdge(nodes: readonly FlowNode[], source: string, edgeId: string, patch: Partial<Pick<FlowEdge, 'condition' | 'match'>>): FlowNode[] {
  return nodes.map((node) => {
    if (node.id !== source || node.type !== 'default') return node;
    return { ...node, edges: node.edges.map((e) => (e.id === edgeId ? { ...e, ...patch } : e)) } satisfies DefaultNode;
  });
}

/** Moves nodes to new positions. */
export function moveFlowNodes(nodes: readonly FlowNode[], positions: ReadonlyMap<string, FlowPosition>): FlowNode[] {
  return nodes.map((node) => {
    const position = positions.get(node.id);
    return position ? { ...node, position } : node;
  });
}
