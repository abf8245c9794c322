// The offline responder: with no LLM configured, answer by quoting the best-matching knowledge-base
// passages, clearly labelled, or say there is nothing on the subject. It never invents an answer.
import type { Passage } from './knowledge-port';
import { OFFLINE_LABEL, OFFLINE_NO_TOOLS, OFFLINE_NOTHING } from './texts';

const QUOTE_CHARS = 500;

function quote(text: string): string {
  const trimmed = text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS).replace(/\s+\S*$/, '')}…` : text;
  return `> ${trimmed}`;
}

/** `hasTools`: the agent has tools, which only a model can call: the answer says so plainly. */
export function offlineAnswer(passages: Passage[], hasTools = false): string {
  const answer = passages.length === 0 ? OFFLINE_NOTHING : `${OFFLINE_LABEL}. Here is what the knowledge base says:\n\n${passages.slice(0, 2).map((p) => `${quote(p.text)}\n— ${p.name}`).join('\n\n')}`;
  return hasTools ? `${answer}\n\n${OFFLINE_NO_TOOLS}` : answer;
}
