// Auto-layout: a small layered drawing from left to right. Each node's column is its distance from the start (nodes
// the start cannot reach follow in one more column), nodes in a column are stacked in the order they were found so
// siblings stay together, and notes line up in a row beneath the flow.
import { flowTargets } from './checks';
import type { FlowNode, FlowPosition } from './schema';

export const FLOW_LAYOUT_SPACING = { column: 320, row: 180 } as const;

/** New positions for every node (the flow's own order and paths unchanged). */
export function layoutFlow(nodes: readonly FlowNode[], spacing: { column: number; row: number } = FLOW_LAYOUT_SPACING): Map<string, FlowPosition> {
  const byId = new Map(nodes.map((n) => [n.id, n] as const));
  const column = new Map<string, number>();
  const order: string[] = [];
  const queue = nodes.filter((n) => n.type === 'start').map((n) => n.id);
  for (const id of queue) column.set(id, 0);
  while (queue.length > 0) {
    const id = queue.shift()!;
    order.push(id);
    for (const target of flowTargets(byId.get(id)!)) {
      const to = byId.get(target);
      if (!to || to.type === 'note' || column.has(target)) continue;
      column.set(target, column.get(id)! + 1);
      queue.push(target);
    }
  }
  const flowNodes = nodes.filter((n) => n.type !== 'note');
  const lastColumn = Math.max(-1, ...column.values());
  for (const node of flowNodes) {
    if (column.has(node.id)) continue;
    column.set(node.id, lastColumn + 1);
    order.push(node.id);
  }

  const columns = new Map<number, string[]>();
  for (const id of order) columns.set(column.get(id)!, [...(columns.get(column.get(id)!) ?? []), id]);
  const tallest = Math.max(1, ...[...columns.values()].map((ids) => ids.length));
  const positions = new Map<string, FlowPosition>();
  for (const [col, ids] of columns) {
    // Each column is centred on the tallest one.
    const offset = ((tallest - ids.length) * spacing.row) / 2;
    ids.forEach((id, row) => positions.set(id, { x: col * spacing.column, y: offset + row * spacing.row }));
  }
  const notesRow = tallest * spacing.row + spacing.row / 2;
  nodes.filter((n) => n.type === 'note').forEach((note, i) => positions.set(note.id, { x: i * spacing.column, y: notesRow }));
  return positions;
}

/** About how much room a node takes on the canvas (its card is 220 wide; a short text makes it about 110 high). */
export const FLOW_NODE_BOX = { width: 220, height: 110 } as const;

/**
 * Where a new node goes near `around` without covering another: the first spot, going down and then right of it,
 * whose box meets no node's box.
 */
export function freeSpot(nodes: readonly FlowNode[], around: FlowPosition, box: { width: number; height: number } = FLOW_NODE_BOX): FlowPosition {
  const gap = 20;
  const overlaps = (p: FlowPosition) =>
    nodes.some((n) => Math.abs(n.position.x - p.x) < box.width + gap && Math.abs(n.position.y - p.y) < box.height + gap);
  for (let column = 0; column < 20; column++) {
    for (let row = 0; row < 4; row++) {
      const spot = { x: around.x + column * (box.width + gap * 2), y: around.y + row * (box.height + gap * 2) };
      if (!overlaps(spot)) return spot;
    }
  }
  return around;
}
