// Undo and redo of the canvas's edits. Each edit is written to the agent's draft at once (the draft is the only
// copy of the flow); the history keeps the flows before and after each edit, per agent, outside the page, so it
// survives those writes, leaving the Canvas and coming back, and a publish.
import type { FlowNode } from '@parley/core';

/** How many edits can be undone. */
export const FLOW_HISTORY_LIMIT = 100;

export class FlowHistory {
  private past: FlowNode[][] = [];
  private future: FlowNode[][] = [];

  /** An edit happened: `before` is what undo brings back. A new edit forgets what was undone. */
  record(before: FlowNode[]): void {
    this.past.push(before);
    if (this.past.length > FLOW_HISTORY_LIMIT) this.past.shift();
    this.future = [];
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** The flow before the last edit, or null; `current` becomes what redo brings back. */
  undo(current: FlowNode[]): FlowNode[] | null {
    const previous = this.past.pop();
    if (!previous) return null;
    this.future.push(current);
    return previous;
  }

  /** The flow of the last undone edit, or null. */
  redo(current: FlowNode[]): FlowNode[] | null {
    const next = this.future.pop();
    if (!next) return null;
    this.past.push(current);
    return next;
  }
}

const histories = new Map<string, FlowHistory>();

/** The agent's history, the same one each time the Canvas opens. */
export function flowHistoryOf(agentId: string): FlowHistory {
  let history = histories.get(agentId);
  if (!history) {
    history = new FlowHistory();
    histories.set(agentId, history);
  }
  return history;
}
