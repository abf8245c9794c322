// Token arithmetic without a tokenizer: the estimate is core's (the dashboard shows the same count beside a prompt).
import { estimateTokens } from '@parley/core';

export { estimateTokens };

export interface HistoryTurn {
  role: 'user' | 'assistant';
  text: string;
}

/** The newest turns whose estimated size fits the budget, oldest first. */
export function fitHistory(turns: HistoryTurn[], budgetTokens: number): HistoryTurn[] {
  const kept: HistoryTurn[] = [];
  let used = 0;
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i]!;
    const cost = estimateTokens(turn.text) + 4; // per-message overhead
    if (used + cost > budgetTokens) break;
    kept.push(turn);
    used += cost;
  }
  return kept.reverse();
}
