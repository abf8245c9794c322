// The LLM stand-in's deterministic rule for functions (README.md): when functions are offered and the last message
// is the user's, call every function one of whose name words (4+ letters, e.g. "order" in get_order_status)
// appears in that message, with arguments taken from the message; after function results, answer with them.
export interface OfferedFunction {
  type: 'function';
  function: { name: string; description?: string; parameters?: { properties?: Record<string, { type?: string }>; required?: string[] } };
}

export interface PlannedCall {
  name: string;
  arguments: string;
}

const nameWords = (name: string): string[] => name.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 4);
const mentions = (message: string, word: string): boolean => new RegExp(`\\b${word}s?\\b`, 'i').test(message);

/** The value of one argument as the message gives it, or undefined when it says nothing of it. */
function argumentFrom(message: string, key: string, type: string | undefined): unknown {
  const k = key.toLowerCase();
  if (type === 'number') {
    const n = /-?\d+(?:\.\d+)?/.exec(message)?.[0];
    return n === undefined ? undefined : Number(n);
  }
  if (type === 'boolean') return mentions(message, k.replace(/^is_?/, '')) ? true : undefined;
  if (type === 'object') return undefined;
  if (k.includes('email')) return /[^\s@]+@[^\s@]+\.[a-z]{2,}/i.exec(message)?.[0]?.replace(/[.,;!?]+$/, '');
  if (k.includes('date')) return /\d{4}-\d{2}-\d{2}/.exec(message)?.[0];
  if (k.endsWith('id') || k.includes('number') || k.includes('code')) return /\b[A-Za-z]*\d[\w-]*\b/.exec(message)?.[0];
  return undefined;
}

/** `[keep-calling]` in the user's message: the functions are called again after their results, round after round. */
export const KEEP_CALLING = /\[keep-calling\]/;

/** `[raw-args {...}]` in the message: the arguments exactly as written (tests send arguments that fail the schema). */
const RAW_ARGS = /\[raw-args (\{.*?\})\]/;

export function plannedCalls(tools: readonly OfferedFunction[], message: string): PlannedCall[] {
  const raw = RAW_ARGS.exec(message)?.[1];
  const calls: PlannedCall[] = [];
  for (const tool of tools) {
    const { name, parameters } = tool.function;
    if (!nameWords(name).some((word) => mentions(message, word))) continue;
    if (raw !== undefined) {
      calls.push({ name, arguments: raw });
      continue;
    }
    const args: Record<string, unknown> = {};
    for (const [key, schema] of Object.entries(parameters?.properties ?? {})) {
      const value = argumentFrom(message, key, schema.type);
      if (value !== undefined) args[key] = value;
    }
    calls.push({ name, arguments: JSON.stringify(args) });
  }
  return calls;
}

/** The answer written from the function results that end the conversation so far. */
export function answerFromResults(results: readonly string[]): string {
  const text = results.map((r) => r.trim()).filter(Boolean).join(' ');
  return text.startsWith('Error:') ? `Sorry, I could not look that up. ${text}` : `Here is what I found: ${text}`;
}
