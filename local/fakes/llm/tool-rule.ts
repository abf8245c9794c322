// The LLM stand-in's deterministic rule for functions (README.md): when functions are offered and the last message
// is the user's, call every function one of whose name words (4+ letters, e.g. "order" in get_order_status)
// appears in that message, with arguments taken from the message; after function results, answer with them.
// A flow's transition function (its argument's choices given as `anyOf` consts) is called by the choice the message
// speaks of instead.
interface OfferedParameter {
  type?: string;
  anyOf?: Array<{ const?: unknown; description?: string }>;
}

export interface OfferedFunction {
  type: 'function';
  function: { name: string; description?: string; parameters?: { properties?: Record<string, OfferedParameter>; required?: string[] } };
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

/** The argument of a transition function: the one parameter that lists its choices as `anyOf` consts. */
function choiceParameter(tool: OfferedFunction): [string, OfferedParameter] | undefined {
  return Object.entries(tool.function.parameters?.properties ?? {}).find(([, p]) => Array.isArray(p.anyOf) && p.anyOf.some((c) => typeof c.const === 'string'));
}

/** Whether a function is a flow's transition (it is called by its choices, not its name). */
export const isTransition = (tool: OfferedFunction): boolean => choiceParameter(tool) !== undefined;

/** Words every condition is written with; they say nothing about which path the message takes. */
const COMMON_WORDS = new Set(['when', 'visitor', 'message', 'contains', 'wants', 'with', 'that', 'this', 'they', 'their', 'have', 'from', 'about']);

/** The transition call: the first choice whose description has a word (4+ letters, not a common one) in the message. */
function transitionCall(tool: OfferedFunction, message: string): PlannedCall | undefined {
  const [key, parameter] = choiceParameter(tool)!;
  const choice = parameter.anyOf!.find(
    (c) => typeof c.const === 'string' && nameWords(c.description ?? '').some((word) => !COMMON_WORDS.has(word) && mentions(message, word.replace(/s$/, ''))),
  );
  return choice ? { name: tool.function.name, arguments: JSON.stringify({ [key]: choice.const }) } : undefined;
}

export function plannedCalls(tools: readonly OfferedFunction[], message: string): PlannedCall[] {
  const raw = RAW_ARGS.exec(message)?.[1];
  const calls: PlannedCall[] = [];
  for (const tool of tools) {
    const { name, parameters } = tool.function;
    if (isTransition(tool)) {
      const call = transitionCall(tool, message);
      if (call) calls.push(call);
      continue;
    }
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
