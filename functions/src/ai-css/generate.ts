// POST /api/ai-css-generator: { messages, currentCSS, agentID, bucket } → { success, response } | { success: false, error }.
// For members of the agent's workspace only (their Firebase ID token as bearer), rate-limited per member, and
// paid like a chat answer: credits are reserved from the workspace before the model is called, then settled.
import { agentsApi, answerCredits, regionForDatabaseId, tokenCredits, modelRate } from '@parley/core';
import type { z } from 'zod';
import { callerOfBearer, requireAgentAccess, requireCssAssistantUser } from '../access';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { RATE_RULES } from '../rate-limits';
import { openAiSdk } from '../adapters/llm/client';
import { llmSettings, type LlmSettings } from '../adapters/llm/settings';
import type { CreditsPort } from '../credits';
import { estimateTokens } from '../adapters/llm/tokens';
import { offlineReply } from './offline-css';

export type AiCssInput = z.output<typeof agentsApi.generateCss.body>;

export const SYSTEM_PROMPT = `You write custom CSS for an embeddable chat widget. Its markup uses these classes:
.chat (whole window), .head (header bar; .head img avatar, .head h1 title), .log (message list), .row (one message
row; .row.user, .row.assistant, .row.operator), .msg (message bubble), .user .msg (visitor bubble), .assistant .msg
(agent bubble), form and textarea (input area), .send (send button), .handoff (human handoff box), .brand (powered-by
line). Theme colours are CSS variables: --p (primary), --op (text on primary), --bg, --fg, --bubble, --soft, --line.
Answer briefly, then give the complete CSS to add in one \`\`\`css fenced block. Only CSS; no scripts, no @import of
remote URLs.`;

/** The longest reply the assistant may write (tokens). */
export const AI_CSS_MAX_TOKENS = 1200;

/** A reply and, when a model wrote it, what it used. */
export interface CssReply {
  text: string;
  usage?: { inputTokens: number; outputTokens: number; modelId: string };
}

export type CssResponder = (input: AiCssInput, settings: LlmSettings) => Promise<CssReply>;

const promptOf = (input: AiCssInput) => [
  { role: 'system' as const, content: SYSTEM_PROMPT },
  { role: 'system' as const, content: `The widget's current custom CSS:\n${input.currentCSS || '(none)'}` },
  ...input.messages,
];

export const llmResponder: CssResponder = async (input, settings) => {
  const OpenAI = await openAiSdk();
  const client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, maxRetries: 1, timeout: 30_000 });
  const completion = await client.chat.completions.create({ model: settings.defaultModel, temperature: 0.2, max_tokens: AI_CSS_MAX_TOKENS, messages: promptOf(input) });
  const text = completion.choices[0]?.message?.content ?? '';
  return {
    text,
    usage: {
      inputTokens: completion.usage?.prompt_tokens ?? estimateTokens(promptOf(input).map((m) => m.content).join('\n')),
      outputTokens: completion.usage?.completion_tokens ?? estimateTokens(text),
      modelId: settings.defaultModel,
    },
  };
};

/** What the assistant is given by the composition: the credits it pays with, and the model call (tests pass a fake). */
export interface AiCssDeps {
  credits: CreditsPort;
  /** Read at each request (llmResponder when absent). */
  respond?: CssResponder;
}

export const FAILED_TO_GENERATE = 'Failed to generate CSS. Please try again.';

/** The most a reply can cost: the whole prompt and the longest reply at the deployment model's rate. */
export function cssEstimate(input: AiCssInput, model: string): number {
  return tokenCredits(modelRate(model), estimateTokens(promptOf(input).map((m) => m.content).join('\n')) + 50, AI_CSS_MAX_TOKENS);
}

export const aiCssEndpoint = (deps: AiCssDeps) => defineEndpoint(agentsApi.generateCss, async ({ body, headers, idTokens, limits }) => {
  const { credits } = deps;
  const responder = deps.respond ?? llmResponder;
  const region = regionForDatabaseId(body.bucket) ?? 'na';
  const caller = requireCssAssistantUser(await callerOfBearer({ headers, idTokens }));
  await limits.enforce({ rule: RATE_RULES.aiCssUser, key: caller.uid });
  const access = await requireAgentAccess(caller, region, body.agentID);
  const settings = llmSettings();
  // No language model configured: the offline responder writes the CSS, at no cost.
  if (!settings) return { body: { success: true, response: offlineReply(body.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '') } };
  const reservation = await credits.reserve(access.db, { ownerID: access.ownerID, estimate: cssEstimate(body, settings.defaultModel) }, Date.now());
  let reply: CssReply;
  try {
    reply = await responder(body, settings);
    if (!reply.text.trim()) throw new Error('empty reply');
  } catch (error) {
    await credits.release(access.db, reservation).catch(() => undefined);
    console.error('[ai-css] generation failed:', error instanceof Error ? error.message : 'unknown error');
    throw new HttpError(502, FAILED_TO_GENERATE);
  }
  const usage = reply.usage ?? { inputTokens: 0, outputTokens: 0, modelId: settings.defaultModel };
  await credits.settle(
    access.db,
    reservation,
    {
      amount: answerCredits(settings.defaultModel, usage.inputTokens, usage.outputTokens),
      log: {
        causedBy: 'feature',
        agentId: body.agentID,
        featureKey: 'ai-css',
        logMessage: `AI CSS assistant reply for ${caller.uid}`,
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        totalTokens: usage.inputTokens + usage.outputTokens,
        modelId: usage.modelId,
      },
    },
    Date.now(),
  );
  return { body: { success: true, response: reply.text } };
});
