// Token arithmetic without a tokenizer: ~4 characters per token is close enough for budgets.

export const estimateTokens = (text: string): number => (text ? Math.ceil(text.length / 4) : 0);

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
