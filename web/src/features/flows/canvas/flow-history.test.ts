import { newFlowNode, type FlowNode } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { FLOW_HISTORY_LIMIT, FlowHistory, flowHistoryOf } from './flow-history';

const flow = (...ids: string[]): FlowNode[] => ids.map((id) => newFlowNode('default', { x: 0, y: 0 }, id));

describe('canvas undo and redo', () => {
  it('undoes and redoes edits in order, and a new edit forgets what was undone', () => {
    const history = new FlowHistory();
    history.record(flow('s'));
    history.record(flow('s', 'a'));
    let current = flow('s', 'a', 'b');
    current = history.undo(current)!;
    expect(current.map((n) => n.id)).toEqual(['s', 'a']);
    current = history.undo(current)!;
    expect(current.map((n) => n.id)).toEqual(['s']);
    expect(history.undo(current)).toBeNull();
    current = history.redo(current)!;
    expect(current.map((n) => n.id)).toEqual(['s', 'a']);
    history.record(current);
    expect(history.canRedo).toBe(false);
  });

  it('keeps the last edits only', () => {
    const history = new FlowHistory();
    for (let i = 0; i < FLOW_HISTORY_LIMIT + 5; i++) history.record(flow(`n${i}`));
    let undone = 0;
    let current = flow();
    while (history.canUndo) {
      current = history.undo(current)!;
      undone++;
    }
    expect(undone).toBe(FLOW_HISTORY_LIMIT);
    expect(current.map((n) => n.id)).toEqual(['n5']);
  });

  it('is the same history each time the canvas of an agent opens', () => {
    flowHistoryOf('agent-1').record(flow('s'));
    expect(flowHistoryOf('agent-1').canUndo).toBe(true);
    expect(flowHistoryOf('agent-2').canUndo).toBe(false);
  });
});
