// What usage costs and where it stops: the language models a workspace may pick and their credit rates, the
// caps that keep one agent, one conversation or one knowledge base from draining a workspace's credits, and the
// texts visitors and members read when a cap is reached.

/** A model a workspace may pick for its agents (vg_defaultModel), and what it costs. */
export interface ModelRate {
  /** The provider's model id (OpenAI-compatible). */
  readonly id: string;
  readonly label: string;
  /** Credits per 1,000 prompt (input) tokens. */
  readonly inputCreditsPer1K: number;
  /** Credits per 1,000 completion (output) tokens. */
  readonly outputCreditsPer1K: number;
}

/**
 * The models agents may use, cheapest first. Agencies' default choices are gpt-3.5-turbo and gpt-4-1106-preview;
 * the others are current models. Rates are ours: at least twice the provider's price at 1 credit = $0.001
 * (DEFAULT_PRICE_PER_CREDIT_USD), and gpt-4o-mini keeps the historical 1 credit per 1,000 tokens.
 * firestore.rules lists the same ids (agents' vg_defaultModel); a functions test keeps them equal.
 */
export const MODEL_CATALOGUE = [
  { id: 'gpt-4o-mini', label: 'GPT-4o mini', inputCreditsPer1K: 1, outputCreditsPer1K: 1 },
  { id: 'gpt-4.1-mini', label: 'GPT-4.1 mini', inputCreditsPer1K: 1, outputCreditsPer1K: 2 },
  { id: 'gpt-3.5-turbo', label: 'GPT-3.5 Turbo', inputCreditsPer1K: 1, outputCreditsPer1K: 2 },
  { id: 'gpt-4.1', label: 'GPT-4.1', inputCreditsPer1K: 4, outputCreditsPer1K: 16 },
  { id: 'gpt-4o', label: 'GPT-4o', inputCreditsPer1K: 5, outputCreditsPer1K: 20 },
  { id: 'gpt-4-1106-preview', label: 'GPT-4 Turbo (1106 preview)', inputCreditsPer1K: 20, outputCreditsPer1K: 60 },
] as const satisfies readonly ModelRate[];
export type ModelId = (typeof MODEL_CATALOGUE)[number]['id'];
export const MODEL_IDS = MODEL_CATALOGUE.map((m) => m.id) as [ModelId, ...ModelId[]];
/** The model of a new agent. */
export const DEFAULT_MODEL_ID: ModelId = 'gpt-4o-mini';

/**
 * The rate of a model the deployment answers with that is not in the catalogue (its own LLM_DEFAULT_MODEL, e.g. a
 * self-hosted one): the default model's. An operator who sets a dearer default adds it to the catalogue.
 */
export const UNLISTED_MODEL_RATE: Pick<ModelRate, 'inputCreditsPer1K' | 'outputCreditsPer1K'> = { inputCreditsPer1K: 1, outputCreditsPer1K: 1 };

/** Every answered message costs at least this (offline and Voiceflow answers cost exactly this). */
export const MIN_CREDITS_PER_ANSWER = 1;
/** Knowledge-base embeddings (text-embedding-3-small): credits per 1,000 embedded tokens. */
export const EMBEDDING_CREDITS_PER_1K_TOKENS = 0.02;

/**
 * A call's minutes (voice agents): credits per started minute, on top of its answers' tokens (charged per answer like
 * any chat). Ours: at least twice the voice provider's telephony, transcription and speech at 1 credit = $0.001.
 */
export const VOICE_CREDITS_PER_MINUTE = 100;

/** What a call of `seconds` costs: every started minute at VOICE_CREDITS_PER_MINUTE (a call that never connected: 0). */
export const voiceCallCredits = (seconds: number): number => (seconds > 0 ? Math.ceil(seconds / 60) * VOICE_CREDITS_PER_MINUTE : 0);

/** The longest reply an agent may ask for (vg_maxTokens); the default is VG_MAX_TOKENS_DEFAULT (1024). */
export const VG_MAX_TOKENS_CAP = 4096;

/**
 * Visitor messages one conversation may send when the agent sets no messagesLimit (0 = no cap, the owner's
 * explicit choice). Ours: a real support chat rarely needs more, and a script replaying one conversation stops here.
 */
export const DEFAULT_MESSAGES_LIMIT = 50;

/**
 * Characters an agent's knowledge base may hold (the sum of its documents' charCount) when the workspace's plan
 * sets no maxKbDocsCharCount. Ours: the free account defaults give no number; about 150 pages of text.
 */
export const FREE_KB_DOCS_CHAR_COUNT = 500_000;

/** At most this many entries in an agent's allowed domains (Settings → Security). */
export const ALLOWED_DOMAINS_MAX = 50;

/** Texts of the usage caps (ours). */
export const USAGE_MESSAGES = {
  modelNotInCatalogue: `Choose one of the listed models: ${MODEL_IDS.join(', ')}.`,
  maxTokensOverCap: `Max tokens can be at most ${VG_MAX_TOKENS_CAP}.`,
  conversationLimit: 'This conversation has reached its message limit. Please start a new chat.',
  kbCharLimit: (limit: number) =>
    `This source would take the knowledge base over its plan's limit of ${limit.toLocaleString('en-US')} characters. Remove a source or upgrade your plan.`,
  noCreditsToIndex: 'Your workspace has no credits left to index this source.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  busy: 'Too many messages at once. Please try again in a moment.',
  domainNotAllowed: 'This chat is not available on this website.',
  appCheckFailed: 'This request could not be verified. Please reload the page and try again.',
  allowedDomainInvalid: 'Enter a domain such as example.com or *.example.com.',
  allowedDomainsTooMany: `At most ${ALLOWED_DOMAINS_MAX} domains.`,
} as const;
