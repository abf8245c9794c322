// Token arithmetic without a tokenizer: ~4 characters per token is close enough for budgets and for the count an
// editor shows beside a prompt.

/** About how many tokens a text takes. */
export const estimateTokens = (text: string): number => (text ? Math.ceil(text.length / 4) : 0);
