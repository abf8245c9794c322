// POST /api/ai-css-generator: { messages, currentCSS, userData, agentID, bucket } → { success, response } | { success: false, error }.
import { agentsApi, paths, regionForDatabaseId } from '@parley/core';
import OpenAI from 'openai';
import type { z } from 'zod';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { llmSettings } from '../runtime/env';
import { offlineReply } from './offline-css';

export type AiCssInput = z.output<typeof agentsApi.generateCss.body>;

export const SYSTEM_PROMPT = `You write custom CSS for an embeddable chat widget. Its markup uses these classes:
.chat (whole window), .head (header bar; .head img avatar, .head h1 title), .log (message list), .row (one message
row; .row.user, .row.assistant, .row.operator), .msg (message bubble), .user .msg (visitor bubble), .assistant .msg
(agent bubble), form and textarea (input area), .send (send button), .handoff (human handoff box), .brand (powered-by
line). Theme colours are CSS variables: --p (primary), --op (text on primary), --bg, --fg, --bubble, --soft, --line.
Answer briefly, then give the complete CSS to add in one \`\`\`css fenced block. Only CSS; no scripts, no @import of
remote URLs.`;

export type CssResponder = (input: AiCssInput) => Promise<string>;

export const llmResponder: CssResponder = async (input) => {
  const settings = llmSettings();
  if (!settings) return offlineReply(input.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '');
  const client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, maxRetries: 1, timeout: 30_000 });
  const completion = await client.chat.completions.create({
    model: settings.defaultModel,
    temperature: 0.2,
    max_tokens: 1200,
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'system', content: `The widget's current custom CSS:\n${input.currentCSS || '(none)'}` },
      ...input.messages,
    ],
  });
  return completion.choices[0]?.message?.content ?? '';
};

let responder: CssResponder = llmResponder;
export function setCssResponder(next: CssResponder | null): void {
  responder = next ?? llmResponder;
}

export const FAILED_TO_GENERATE = 'Failed to generate CSS. Please try again.';

export const aiCssEndpoint = defineEndpoint(agentsApi.generateCss, async ({ body }) => {
  const region = regionForDatabaseId(body.bucket) ?? 'na';
  // Only for existing agents: keeps the LLM from being an open proxy for arbitrary ids.
  if (!(await databaseFor(region).doc(paths.agent(body.agentID)).get()).exists) throw new HttpError(404, 'Agent not found.');
  let response: string;
  try {
    response = await responder(body);
    if (!response.trim()) throw new Error('empty reply');
  } catch (error) {
    console.error('[ai-css] generation failed:', error instanceof Error ? error.message : 'unknown error');
    throw new HttpError(502, FAILED_TO_GENERATE);
  }
  return { body: { success: true, response } };
});
