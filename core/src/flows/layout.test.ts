import { describe, expect, it } from 'vitest';
import { freeSpot, layoutFlow } from './layout';
import type { FlowNode } from './schema';

const at = { x: 999, y: -999 };
const flow: FlowNode[] = [
  { id: 'n', type: 'note', position: at, text: 'a note' },
  { id: 'bye', type: 'end', position: at, name: '', message: '' },
  { id: 's', type: 'start', position: at, next: 'a' },
  { id: 'a', type: 'default', position: at, name: 'a', instructions: '', toolIds: [], edges: [{ id: 'e1', target: 'b', match: 'condition', condition: 'x' }, { id: 'e2', target: 'c', match: 'condition', condition: 'y' }] },
  { id: 'b', type: 'default', position: at, name: 'b', instructions: '', toolIds: [], edges: [{ id: 'e3', target: 'bye', match: 'condition', condition: 'z' }] },
  { id: 'c', type: 'default', position: at, name: 'c', instructions: '', toolIds: [], edges: [] },
  { id: 'lost', type: 'default', position: at, name: 'lost', instructions: '', toolIds: [], edges: [] },
];

describe('auto-layout', () => {
  const positions = layoutFlow(flow, { column: 100, row: 50 });

  it('places each node in the column of its distance from the start', () => {
    expect(positions.get('s')?.x).toBe(0);
    expect(positions.get('a')?.x).toBe(100);
    expect(positions.get('b')?.x).toBe(200);
    expect(positions.get('c')?.x).toBe(200);
    expect(positions.get('bye')?.x).toBe(300);
  });

  it('puts unreachable nodes in a column after the flow and notes in a row beneath it', () => {
    expect(positions.get('lost')?.x).toBe(400);
    const lowest = Math.max(...flow.filter((n) => n.type !== 'note').map((n) => positions.get(n.id)!.y));
    expect(positions.get('n')!.y).toBeGreaterThan(lowest);
  });

  it('never puts two nodes on the same spot', () => {
    const spots = [...positions.values()].map((p) => `${p.x},${p.y}`);
    expect(new Set(spots).size).toBe(flow.length);
  });
});

describe('a spot for a new node', () => {
  const node = (id: string, x: number, y: number): FlowNode => ({ id, type: 'end', position: { x, y }, name: '', message: '' });

  it('is the spot asked for when it is free', () => {
    expect(freeSpot([node('a', 1000, 1000)], { x: 0, y: 0 })).toEqual({ x: 0, y: 0 });
  });

  it('moves below, then to the right of, the nodes in the way', () => {
    const below = freeSpot([node('a', 0, 0)], { x: 0, y: 0 });
    expect(below).toEqual({ x: 0, y: 150 });
    const column = [0, 150, 300, 450].map((y, i) => node(`n${i}`, 0, y));
    expect(freeSpot(column, { x: 0, y: 0 })).toEqual({ x: 260, y: 0 });
  });
});
