// What usage costs in credits: an answer at its model's rate, knowledge-base embeddings, and the most an answer
// can cost (what the runtime reserves before calling the model). Pure; the functions charge with these.
import {
  EMBEDDING_CREDITS_PER_1K_TOKENS, MIN_CREDITS_PER_ANSWER, MODEL_CATALOGUE, MODEL_IDS, UNLISTED_MODEL_RATE,
  type ModelId, type ModelRate,
} from '../constants/usage';

export type CreditRate = Pick<ModelRate, 'inputCreditsPer1K' | 'outputCreditsPer1K'>;

export function isCatalogueModel(id: unknown): id is ModelId {
  return typeof id === 'string' && (MODEL_IDS as readonly string[]).includes(id);
}

/** The model's rate; a model outside the catalogue (the deployment's own default) is charged UNLISTED_MODEL_RATE. */
export function modelRate(modelId: string | null | undefined): CreditRate {
  return MODEL_CATALOGUE.find((m) => m.id === modelId) ?? UNLISTED_MODEL_RATE;
}

/** Rounds a charge up to one decimal (credits are shown with one); tiny float noise does not round up. */
export function roundCreditsUp(amount: number): number {
  return Math.max(0, Math.ceil(amount * 10 - 1e-9) / 10);
}

/** Credits for tokens at a rate: input and output priced apart, at least `minimum`, rounded up to 0.1. */
export function tokenCredits(rate: CreditRate, inputTokens: number, outputTokens: number, minimum = MIN_CREDITS_PER_ANSWER): number {
  const amount = (Math.max(0, inputTokens) / 1000) * rate.inputCreditsPer1K + (Math.max(0, outputTokens) / 1000) * rate.outputCreditsPer1K;
  return roundCreditsUp(Math.max(minimum, amount));
}

/** Credits for an answered message: its model's rate, at least MIN_CREDITS_PER_ANSWER. */
export function answerCredits(modelId: string | null | undefined, inputTokens: number, outputTokens: number): number {
  return tokenCredits(modelRate(modelId), inputTokens, outputTokens);
}

/** Credits for embedding knowledge-base text (no minimum: a short source costs a fraction of a credit). */
export function embeddingCredits(tokens: number): number {
  return roundCreditsUp((Math.max(0, tokens) / 1000) * EMBEDDING_CREDITS_PER_1K_TOKENS);
}
