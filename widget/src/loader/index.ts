// The loader a website adds with one tag:
//   <script src="https://HOST/widget/loader.js" data-agent-id="ID" data-region="na" async></script>
// It draws the open button and the proactive bubble (in a shadow root, so host CSS cannot reach them)
// and loads the chat iframe only when the visitor opens it (or hovers the button, to be quick).
import { isBubbleDismissed, PROACTIVE_BUBBLE_DELAY_MS, proactiveBubbleText, themeColors, widgetRenderMode, type WidgetRenderMode } from '@parley/core';
import type { conversationsApi } from '@parley/core';
import type { z } from 'zod';
import type { WidgetAgent } from '../chat/api';
import { AGENT_PARAM, encodeAgentParam } from '../shared/handoff';
import { originOf, widgetOrigins } from '../shared/origins';
import type { FromChat, ToChat } from '../shared/protocol';

export interface LoaderOptions {
  agentId: string;
  region: 'na' | 'eu';
  /** Where the API lives (default: the script's origin). */
  apiBase: string;
  /** Where chat.html lives (default: the chat's own origin, stamped when the widget is published). */
  widgetBase: string;
  mode?: WidgetRenderMode;
  /** Where chat messages stream from (the function's direct URL), when the API says so. */
  streamBase?: string;
}

/** Where a visitor's dismissal of the proactive bubble is kept (Unix ms). */
export const dismissKey = (agentId: string) => `parley:bubble-dismissed:${agentId}`;

function dismissedAt(storage: Pick<Storage, 'getItem'> | null, agentId: string): number | null {
  const raw = storage?.getItem(dismissKey(agentId));
  return raw ? Number(raw) : null;
}

export function optionsFromScript(script: HTMLScriptElement | null, origins = widgetOrigins()): LoaderOptions | null {
  const agentId = script?.dataset.agentId;
  if (!script || !agentId) return null;
  const src = new URL(script.src, location.href);
  const folder = src.href.slice(0, src.href.lastIndexOf('/'));
  // The chat is framed from its own origin, never from the dashboard's where the loader may be served.
  const { chat } = origins;
  return {
    agentId,
    region: script.dataset.region === 'eu' ? 'eu' : 'na',
    apiBase: (script.dataset.api ?? src.origin).replace(/\/$/, ''),
    widgetBase: (script.dataset.widgetBase ?? (chat ? `${chat}/widget` : folder)).replace(/\/$/, ''),
    mode: script.dataset.renderMode ? widgetRenderMode(script.dataset.renderMode) : undefined,
  };
}

export async function fetchAgent(opts: LoaderOptions, fetchImpl: typeof fetch = fetch): Promise<WidgetAgent | null> {
  try {
    const res = await fetchImpl(`${opts.apiBase}/public/agents/${encodeURIComponent(opts.agentId)}?region=${opts.region}`);
    if (!res.ok) return null;
    const body = (await res.json()) as Partial<z.input<(typeof conversationsApi.getPublicAgent)['output']>>;
    if (typeof body.streamBase === 'string' && /^https?:\/\//.test(body.streamBase)) opts.streamBase = body.streamBase;
    return body.data ?? null;
  } catch {
    return null;
  }
}

const CSS = `
:host{all:initial}
*{box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.btn{position:fixed;bottom:20px;width:60px;height:60px;border-radius:50%;border:0;cursor:pointer;box-shadow:0 6px 20px rgba(0,0,0,.25);display:flex;align-items:center;justify-content:center;z-index:2147483000;padding:0;overflow:hidden;transition:transform .15s}
.btn:hover{transform:scale(1.06)}
.btn img{width:100%;height:100%;object-fit:cover}
.btn svg{width:28px;height:28px}
.r{right:20px}.l{left:20px}
.bubble{position:fixed;bottom:92px;max-width:260px;background:#fff;color:#111827;border-radius:14px;padding:12px 30px 12px 14px;box-shadow:0 6px 24px rgba(0,0,0,.18);font-size:14px;line-height:1.4;z-index:2147483000;cursor:pointer}
.x{position:absolute;top:4px;right:6px;border:0;background:none;cursor:pointer;font-size:16px;color:#6b7280}
.badge{position:fixed;bottom:64px;width:20px;height:20px;border-radius:50%;background:#ef4444;color:#fff;font-size:12px;display:flex;align-items:center;justify-content:center;z-index:2147483001}
.badge.r{right:18px}.badge.l{left:18px}
.panel{position:fixed;z-index:2147483000;border:0;background:transparent;box-shadow:0 12px 40px rgba(0,0,0,.25);border-radius:16px;overflow:hidden;display:none}
.panel.open{display:block}
.panel iframe{width:100%;height:100%;border:0;display:block}
.p-bottom-right{right:20px;bottom:92px;width:380px;height:min(620px,calc(100vh - 112px))}
.p-bottom-left{left:20px;bottom:92px;width:380px;height:min(620px,calc(100vh - 112px))}
.p-full-width{left:0;right:0;bottom:0;width:100vw;height:100vh;border-radius:0}
.p-modal{left:50%;top:50%;transform:translate(-50%,-50%);width:min(560px,94vw);height:min(720px,90vh)}
.backdrop{position:fixed;inset:0;background:rgba(17,24,39,.45);z-index:2147482999;display:none}
.backdrop.open{display:block}
@media (max-width:480px){.p-bottom-right,.p-bottom-left{left:0;right:0;bottom:0;width:100vw;height:100vh;border-radius:0}}
`;

const CHAT_ICON = '<svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg>';
const CLOSE_ICON = '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.5" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18"/></svg>';

export interface Launcher {
  host: HTMLElement;
  open(): void;
  close(): void;
  isOpen(): boolean;
}

function safeStorage(win: Window): Storage | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}

export function mountLauncher(win: Window, agent: WidgetAgent, opts: LoaderOptions): Launcher {
  const doc = win.document;
  const mode = opts.mode ?? widgetRenderMode(agent.renderMode);
  const side = mode === 'bottom-left' ? 'l' : 'r';
  const colors = themeColors(agent);
  const host = doc.createElement('div');
  host.id = `parley-widget-${agent.ID}`;
  const root = host.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = CSS;
  root.appendChild(style);

  const button = doc.createElement('button');
  button.className = `btn ${side}`;
  button.setAttribute('aria-label', `Open chat${agent.title ? ` with ${agent.title}` : ''}`);
  button.style.background = colors.primary;
  button.style.color = colors.onPrimary;
  const icon = agent.roundedImageURL && typeof agent.roundedImageURL === 'string' ? `<img alt="" src="${encodeURI(agent.roundedImageURL)}">` : CHAT_ICON;
  button.innerHTML = icon;
  root.appendChild(button);

  const backdrop = doc.createElement('div');
  backdrop.className = 'backdrop';
  root.appendChild(backdrop);
  const panel = doc.createElement('div');
  panel.className = `panel p-${mode}`;
  // The open panel shows the chat's background at once, not the page, until the frame's first paint.
  panel.style.background = colors.dark ? '#111827' : '#ffffff';
  root.appendChild(panel);

  let iframe: HTMLIFrameElement | null = null;
  // Messages go to the chat's origin only, and only messages from it are heard.
  const chatOrigin = originOf(opts.widgetBase) ?? win.location.origin;
  const toChat = (target: Window | null | undefined, message: ToChat) => target?.postMessage(message, chatOrigin);
  let opened = false;
  let bubble: HTMLElement | null = null;
  let badge: HTMLElement | null = null;
  let popup: Window | null = null;

  // The agent rides in the fragment (see shared/handoff) so the chat paints without asking for it.
  const handed = encodeAgentParam(agent);
  /** `open`: the chat is created by an open, so it starts the conversation without waiting for 'opened'. */
  const chatUrl = (open: boolean) => {
    const params = new URLSearchParams({ agent: agent.ID, region: opts.region, api: opts.apiBase, mode, page: win.location.href, lang: win.navigator.language || 'en' });
    if (opts.streamBase) params.set('stream', opts.streamBase);
    if (open) params.set('open', '1');
    if (handed) params.set(AGENT_PARAM, handed);
    return `${opts.widgetBase}/chat.html#${params.toString()}`;
  };
  const ensureIframe = (open: boolean) => {
    if (iframe) return iframe;
    iframe = doc.createElement('iframe');
    iframe.title = agent.title ? `Chat with ${agent.title}` : 'Chat';
    iframe.allow = 'clipboard-write; microphone';
    iframe.src = chatUrl(open);
    panel.appendChild(iframe);
    return iframe;
  };
  const hideBubble = () => {
    bubble?.remove();
    badge?.remove();
    bubble = badge = null;
  };

  const launcher: Launcher = {
    host,
    isOpen: () => opened,
    open() {
      hideBubble();
      if (mode === 'popup') {
        popup = win.open(`${chatUrl(true)}&popup=1`, `parley-${agent.ID}`, 'width=420,height=680');
        return;
      }
      ensureIframe(true);
      opened = true;
      panel.classList.add('open');
      if (mode === 'modal') backdrop.classList.add('open');
      button.innerHTML = CLOSE_ICON;
      button.setAttribute('aria-label', 'Close chat');
      if (mode === 'full-width' || mode === 'modal') button.style.display = 'none';
      toChat(iframe?.contentWindow, { parley: 'opened' });
    },
    close() {
      opened = false;
      panel.classList.remove('open');
      backdrop.classList.remove('open');
      button.innerHTML = icon;
      button.style.display = '';
      button.setAttribute('aria-label', 'Open chat');
    },
  };

  button.addEventListener('click', () => (opened ? launcher.close() : launcher.open()));
  // Warm the chat up when the pointer reaches the button (or keyboard focus does), so opening feels instant.
  const warm = () => mode !== 'popup' && ensureIframe(false);
  button.addEventListener('pointerenter', warm, { once: true });
  button.addEventListener('focus', warm, { once: true });
  backdrop.addEventListener('click', () => launcher.close());
  win.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as FromChat | null;
    if (!data || typeof data !== 'object' || !('parley' in data)) return;
    if (event.origin !== chatOrigin || (event.source !== iframe?.contentWindow && event.source !== popup)) return;
    if (data.parley === 'close') launcher.close();
    if (data.parley === 'ready') {
      // The chat renders at once with the agent the loader already has, and starts when opened.
      const target = event.source as Window;
      toChat(target, { parley: 'agent', agent });
      if (opened || event.source === popup) toChat(target, { parley: 'opened' });
    }
  });

  // The page URL, for agents that listen for URL changes (single-page sites change it without reloads).
  if (agent.listenForUrlChanges) {
    let last = win.location.href;
    const report = () => {
      if (win.location.href === last) return;
      last = win.location.href;
      toChat(iframe?.contentWindow, { parley: 'url', url: last });
    };
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = win.history[method].bind(win.history);
      win.history[method] = ((...args: Parameters<History['pushState']>) => {
        original(...args);
        report();
      }) as History['pushState'];
    }
    win.addEventListener('popstate', report);
    win.addEventListener('hashchange', report);
  }

  const text = proactiveBubbleText(agent);
  const storage = safeStorage(win);
  if (agent.autoStartWidget === true) {
    launcher.open();
  } else if (text && !isBubbleDismissed(dismissedAt(storage, agent.ID), Date.now())) {
    win.setTimeout(() => {
      if (opened || !host.isConnected) return;
      bubble = doc.createElement('div');
      bubble.className = `bubble ${side}`;
      bubble.setAttribute('role', 'status');
      bubble.textContent = text;
      const x = doc.createElement('button');
      x.className = 'x';
      x.setAttribute('aria-label', 'Dismiss');
      x.textContent = '×';
      x.addEventListener('click', (event) => {
        event.stopPropagation();
        storage?.setItem(dismissKey(agent.ID), String(Date.now()));
        hideBubble();
      });
      bubble.appendChild(x);
      bubble.addEventListener('click', () => launcher.open());
      badge = doc.createElement('div');
      badge.className = `badge ${side}`;
      badge.textContent = '1';
      root.append(bubble, badge);
    }, PROACTIVE_BUBBLE_DELAY_MS);
  }
  doc.body.appendChild(host);
  return launcher;
}

/** Reads the script tag, fetches the agent and draws the launcher; nothing is drawn for an unknown agent. */
export async function boot(win: Window, script: HTMLScriptElement | null, fetchImpl: typeof fetch = fetch): Promise<Launcher | null> {
  const opts = optionsFromScript(script);
  if (!opts) return null;
  const agent = await fetchAgent(opts, fetchImpl);
  if (!agent) return null;
  return mountLauncher(win, agent, opts);
}
