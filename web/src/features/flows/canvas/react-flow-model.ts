// The flow as React Flow draws it: one node per flow node (its kind picks the view) and one edge per path. A path's
// id on the canvas names the node it leaves, since a step's edge ids are its own.
import { flowNodeLabel, type FlowNode } from '@parley/core';
import type { Edge, Node } from '@xyflow/react';

export type CanvasNodeData = { node: FlowNode; label: string; hasProblem: boolean };
export type CanvasNode = Node<CanvasNodeData>;
export type CanvasEdgeData = { source: string; edgeId: string | null };
export type CanvasEdge = Edge<CanvasEdgeData>;

/** React Flow's node kinds for ours ('default' is a name React Flow keeps for its own node). */
export const CANVAS_NODE_TYPES = { start: 'flowStart', note: 'flowNote', default: 'flowStep', end: 'flowEnd' } as const;

const KIND: Record<FlowNode['type'], string> = { start: 'Start', note: 'Note', default: 'Step', end: 'End' };

export const canvasEdgeId = (source: string, edgeId: string | null): string => `${source}:${edgeId ?? 'next'}`;

/**
 * The canvas's nodes for the flow. What React Flow measured and which node is selected are kept from the nodes it
 * drew before (a node it has not measured stays hidden).
 */
export function toCanvasNodes(nodes: readonly FlowNode[], previous: readonly CanvasNode[], problemNodes: ReadonlySet<string>, selected: string | null): CanvasNode[] {
  const before = new Map(previous.map((n) => [n.id, n] as const));
  return nodes.map((node) => {
    const label = flowNodeLabel(node);
    const drawn = before.get(node.id);
    return {
      ...(drawn?.measured ? { measured: drawn.measured } : {}),
      id: node.id,
      type: CANVAS_NODE_TYPES[node.type],
      position: node.position,
      data: { node, label, hasProblem: problemNodes.has(node.id) },
      selected: node.id === selected,
      ariaLabel: node.type === 'start' || node.type === 'note' ? KIND[node.type] : `${KIND[node.type]} "${label}"`,
      // Start is where every conversation begins: it can be moved, not deleted.
      deletable: node.type !== 'start',
    };
  });
}

/** The canvas's edges: the start's path and every step's paths, labelled with their condition. */
export function toCanvasEdges(nodes: readonly FlowNode[], selected: string | null): CanvasEdge[] {
  const names = new Map(nodes.map((n) => [n.id, flowNodeLabel(n)] as const));
  const edges: CanvasEdge[] = [];
  for (const node of nodes) {
    if (node.type === 'start' && node.next) {
      const id = canvasEdgeId(node.id, null);
      edges.push({ id, source: node.id, target: node.next, data: { source: node.id, edgeId: null }, selected: id === selected, ariaLabel: `Path from Start to "${names.get(node.next) ?? node.next}"` });
    }
    if (node.type !== 'default') continue;
    for (const edge of node.edges) {
      const id = canvasEdgeId(node.id, edge.id);
      const text = edge.condition.trim();
      edges.push({
        id,
        source: node.id,
        target: edge.target,
        data: { source: node.id, edgeId: edge.id },
        selected: id === selected,
        label: text ? (edge.match === 'keyword' ? `keyword: ${text}` : text) : 'no condition yet',
        labelStyle: text ? undefined : { fill: 'var(--mantine-color-red-8)' },
        ariaLabel: `Path from "${names.get(node.id)}" to "${names.get(edge.target) ?? edge.target}"${text ? `: ${text}` : ', no condition yet'}`,
      });
    }
  }
  return edges;
}
