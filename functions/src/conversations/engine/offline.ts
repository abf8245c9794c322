// The offline responder: with no LLM configured, answer by quoting the best-matching knowledge-base
// passages, clearly labelled, or say there is nothing on the subject. It never invents an answer.
import type { Passage } from './knowledge-port';
import { OFFLINE_LABEL, OFFLINE_NOTHING } from './texts';

const QUOTE_CHARS = 500;

function quote(text: string): string {
  const trimmed = text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS).replace(/\s+\S*$/, '')}…` : text;
  return `> ${trimmed}`;
}

export function offlineAnswer(passages: Passage[]): string {
  if (passages.length === 0) return OFFLINE_NOTHING;
  const best = passages.slice(0, 2);
  const quoted = best.map((p) => `${quote(p.text)}\n— ${p.name}`).join('\n\n');
  return `${OFFLINE_LABEL}. Here is what the knowledge base says:\n\n${quoted}`;
}
