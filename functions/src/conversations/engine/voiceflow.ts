// vf agents: proxy to the Voiceflow Dialog API. The conversation id is the Voiceflow user id,
// so Voiceflow keeps the dialogue state per conversation.
import { voiceflowBase } from '../../adapters/llm/settings';

export type VoiceflowAction = { type: 'launch' } | { type: 'text'; payload: string };

interface Trace {
  type?: string;
  payload?: { message?: unknown } | null;
}

export class VoiceflowError extends Error {
  constructor(readonly status: number) {
    super(`Voiceflow answered ${status}`);
  }
}

/** The visible texts of a Voiceflow reply: text and speak traces, SSML tags removed. */
export function tracesToParts(traces: unknown): string[] {
  if (!Array.isArray(traces)) return [];
  return (traces as Trace[])
    .filter((t) => (t.type === 'text' || t.type === 'speak') && typeof t.payload?.message === 'string')
    .map((t) => String(t.payload!.message).replace(/<[^>]+>/g, '').trim())
    .filter(Boolean);
}

export async function interact(key: string, userID: string, action: VoiceflowAction, timeoutMs = 15_000): Promise<string[]> {
  const response = await fetch(`${voiceflowBase()}/state/user/${encodeURIComponent(userID)}/interact`, {
    method: 'POST',
    headers: { authorization: key, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ action }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new VoiceflowError(response.status);
  return tracesToParts(await response.json());
}
