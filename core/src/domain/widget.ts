// How the embeddable widget behaves on a website: where it opens and when its proactive bubble shows.
// No zod: the widget's loader uses this.
import {
  DEFAULT_PROACTIVE_MESSAGE, DEFAULT_WIDGET_RENDER_MODE, PROACTIVE_DISMISS_EXPIRY_MS, PROACTIVE_MESSAGE_NONE, WIDGET_RENDER_MODES,
  type WidgetRenderMode,
} from '../constants/agent';

/** A render mode from a script tag or an agent; anything else opens at the default (bottom-right). */
export function widgetRenderMode(value: unknown): WidgetRenderMode {
  return (WIDGET_RENDER_MODES as readonly unknown[]).includes(value) ? (value as WidgetRenderMode) : DEFAULT_WIDGET_RENDER_MODE;
}

/** The bubble's text: none when disabled (proactiveMessage "none") or replaced by auto-start; the default when empty. */
export function proactiveBubbleText(agent: { proactiveMessage?: unknown; autoStartWidget?: unknown }): string | null {
  if (agent.proactiveMessage === PROACTIVE_MESSAGE_NONE || agent.autoStartWidget === true) return null;
  return typeof agent.proactiveMessage === 'string' && agent.proactiveMessage.trim() ? agent.proactiveMessage.trim() : DEFAULT_PROACTIVE_MESSAGE;
}

/** A dismissal (Unix ms) keeps the bubble away for one day; after more than a day it shows again. */
export function isBubbleDismissed(dismissedAt: number | null | undefined, now: number): boolean {
  return typeof dismissedAt === 'number' && Number.isFinite(dismissedAt) && now - dismissedAt <= PROACTIVE_DISMISS_EXPIRY_MS;
}

/** The one tag a website adds to show an agent's widget (`origin`: where the dashboard and the widget are served). */
export function widgetScriptTag(origin: string, agentId: string, region: string): string {
  return `<script src="${origin.replace(/\/$/, '')}/widget/loader.js" data-agent-id="${agentId}" data-region="${region}" async></script>`;
}
