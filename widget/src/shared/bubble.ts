// When the proactive bubble shows: after 1 s, unless dismissed within the last day, disabled
// (proactiveMessage "none"), replaced by auto-start, or the chat is open.

export const BUBBLE_DELAY_MS = 1000;
/** Dismissal resets after more than one day. */
export const DISMISS_EXPIRY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_PROACTIVE_MESSAGE = 'Hi there! Have a question? I can help.';

export const dismissKey = (agentId: string) => `parley:bubble-dismissed:${agentId}`;

export interface BubbleAgent {
  proactiveMessage?: unknown;
  autoStartWidget?: unknown;
}

export function isDismissed(storage: Pick<Storage, 'getItem'> | null, agentId: string, now: number): boolean {
  const raw = storage?.getItem(dismissKey(agentId));
  const at = raw ? Number(raw) : NaN;
  return Number.isFinite(at) && now - at <= DISMISS_EXPIRY_MS;
}

export function bubbleText(agent: BubbleAgent): string | null {
  if (agent.proactiveMessage === 'none' || agent.autoStartWidget === true) return null;
  return typeof agent.proactiveMessage === 'string' && agent.proactiveMessage.trim() ? agent.proactiveMessage.trim() : DEFAULT_PROACTIVE_MESSAGE;
}
