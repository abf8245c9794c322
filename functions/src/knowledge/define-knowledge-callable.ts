// Knowledge callables that index or remove chunks embed them through the OpenAI-compatible client when Qdrant is
// configured (vector-index.ts reads OPENAI_API_KEY): the secret must be bound to these functions, or production
// would run them without it.
import { onCall } from 'firebase-functions/https';
import type { z } from 'zod';
import { runCallable, type CallableHandler } from '../callable/define-callable';
import { openaiApiKey } from '../runtime/env';

/** Secrets the ingestion path reads; bind them to every function that indexes or removes chunks. */
export const KNOWLEDGE_SECRETS = [openaiApiKey];

export function defineKnowledgeCallable<S extends z.ZodType, O>(schema: S, handler: CallableHandler<z.output<S>, O>) {
  return onCall({ cors: true, secrets: KNOWLEDGE_SECRETS }, runCallable(schema, handler));
}
