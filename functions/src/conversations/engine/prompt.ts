// Builds the chat messages sent to the LLM: system prompt, retrieved context (cited by number),
// page and language hints, the history that fits the budget, and the visitor's message.
import type { RuntimeAgent } from './agent';
import type { LlmMessage } from '../../adapters/llm/client';
import type { Passage } from './knowledge-port';
import { fitHistory, type HistoryTurn } from '../../adapters/llm/tokens';

export const HISTORY_TOKEN_BUDGET = 3000;

export interface PromptInput {
  agent: RuntimeAgent;
  passages: Passage[];
  history: HistoryTurn[];
  message: string;
  /** The first visitor message of the conversation (smart initialisation applies). */
  isFirstMessage: boolean;
  pageUrl?: string;
  lang?: string;
  /** A flow's current step (its name, instructions and how to leave it), after the agent's global instructions. */
  step?: string;
}

/** The system message: the agent's instructions, the flow's step, the retrieved context and the hints. */
export function systemPrompt(input: PromptInput): string {
  const { agent } = input;
  const system: string[] = [];
  system.push(agent.vg_systemPrompt?.trim() || `You are ${agent.title ? `the assistant "${agent.title}"` : 'a helpful assistant'} on a website. Answer visitors briefly and accurately.`);
  if (input.step) system.push(input.step);
  if (input.passages.length > 0) {
    system.push(
      'Use the knowledge-base passages below when they are relevant. If they do not contain the answer, say so rather than guessing.',
      `<context>\n${input.passages.map((p, i) => `[${i + 1}] ${p.name}: ${p.text}`).join('\n\n')}\n</context>`,
    );
  }
  if (input.isFirstMessage && agent.smartInit && agent.vg_initPrompt?.trim()) {
    system.push(`This is the visitor's first message. ${agent.vg_initPrompt.trim()}`);
  }
  if (input.pageUrl && agent.listenForUrlChanges) system.push(`The visitor is viewing ${input.pageUrl}.`);
  const lang = input.lang && input.lang !== 'automatic' ? input.lang : undefined;
  if (lang) system.push(`Reply in the language with code "${lang}".`);
  return system.join('\n\n');
}

export function buildMessages(input: PromptInput): LlmMessage[] {
  const messages: LlmMessage[] = [{ role: 'system', content: systemPrompt(input) }];
  for (const turn of fitHistory(input.history, HISTORY_TOKEN_BUDGET)) messages.push({ role: turn.role, content: turn.text });
  messages.push({ role: 'user', content: input.message });
  return messages;
}
