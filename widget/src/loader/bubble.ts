// The proactive bubble: the agent's greeting beside the button, with a "1" badge, until the visitor opens the chat or
// dismisses it (a dismissal keeps it away for a day, in this browser).
import { isBubbleDismissed, proactiveBubbleText } from '@parley/core';
import type { WidgetAgent } from '../chat/api';

/** Where a visitor's dismissal of the proactive bubble is kept (Unix ms). */
export const dismissKey = (agentId: string) => `parley:bubble-dismissed:${agentId}`;

const BUBBLE_CSS = `.bubble,.badge{position:fixed;z-index:2147483000}
.bubble{bottom:92px;max-width:260px;background:#fff;color:#111827;border-radius:14px;padding:12px 30px 12px 14px;box-shadow:0 6px 24px rgba(0,0,0,.18);font-size:14px;line-height:1.4;cursor:pointer}
.x{position:absolute;top:4px;right:6px;border:0;background:none;cursor:pointer;font-size:16px;color:#6b7280}
.badge{bottom:64px;width:20px;height:20px;border-radius:50%;background:#ef4444;color:#fff;font-size:12px;display:flex;align-items:center;justify-content:center;z-index:2147483001}
.badge.r{right:18px}.badge.l{left:18px}`;

export interface BubbleHost {
  win: Window;
  agent: WidgetAgent;
  root: ShadowRoot;
  /** `l` or `r`: the side the button sits on. */
  side: string;
  /** Milliseconds until it shows. */
  delay: number;
  /** Whether it may still show (the chat is not open, the launcher is still on the page). */
  wanted(): boolean;
  open(): void;
}

/** Schedules the bubble when the agent has one and it was not dismissed; returns what hides it. */
export function scheduleBubble({ win, agent, root, side, delay, wanted, open }: BubbleHost): () => void {
  const doc = win.document;
  let shown: HTMLElement[] = [];
  const hide = () => {
    for (const el of shown) el.remove();
    shown = [];
  };
  const text = proactiveBubbleText(agent);
  let storage: Storage | null = null;
  try {
    storage = win.localStorage;
  } catch {
    // Storage blocked (sandboxed or privacy settings): the bubble shows on each page view.
  }
  const key = dismissKey(agent.ID);
  const dismissedAt = storage?.getItem(key);
  if (!text || isBubbleDismissed(dismissedAt ? Number(dismissedAt) : null, Date.now())) return hide;
  win.setTimeout(() => {
    if (!wanted()) return;
    const bubble = doc.createElement('div');
    bubble.className = `bubble ${side}`;
    bubble.setAttribute('role', 'status');
    bubble.textContent = text;
    const x = doc.createElement('button');
    x.className = 'x';
    x.setAttribute('aria-label', 'Dismiss');
    x.textContent = '×';
    x.onclick = (event) => {
      event.stopPropagation();
      storage?.setItem(key, String(Date.now()));
      hide();
    };
    bubble.append(x);
    bubble.onclick = () => open();
    const badge = doc.createElement('div');
    badge.className = `badge ${side}`;
    badge.textContent = '1';
    const style = doc.createElement('style');
    style.textContent = BUBBLE_CSS;
    shown = [style, bubble, badge];
    root.append(...shown);
  }, delay);
  return hide;
}
