// The panel that frames the chat (created hidden when the visitor points at the button, shown when they open it),
// and the loader's side of the postMessage protocol.
import type { WidgetRenderMode } from '@parley/core';
import type { WidgetAgent } from '../chat/api';
import type { FromChat, ToChat } from '../shared/protocol';

/** What the loader hands the panel: its shadow root and button, and how to reach the chat. */
export interface PanelHost {
  win: Window;
  agent: WidgetAgent;
  mode: WidgetRenderMode;
  root: ShadowRoot;
  button: HTMLButtonElement;
  /** The button's content while the chat is closed (the agent's image or the chat icon). */
  icon: string;
  /** The chat's background is dark: the open panel shows it until the frame's first paint. */
  dark: boolean;
  /** The chat's origin: messages go to it only, and only messages from it are heard. */
  chatOrigin: string;
  /** chat.html's URL; `open`: created by an open, so the chat starts without waiting for 'opened'. */
  chatUrl(open: boolean): string;
  /** The popup window the loader opened (popup mode), if any. */
  popup(): Window | null;
}

export interface Panel {
  /** Creates the chat frame, hidden, so that opening is quick. */
  warm(): void;
  open(): void;
  close(): void;
  isOpen(): boolean;
}

const CLOSE_ICON = '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.5" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18"/></svg>';

const PANEL_CSS = `.panel,.backdrop{position:fixed;z-index:2147483000;display:none}.open{display:block}
.panel{box-shadow:0 12px 40px rgba(0,0,0,.25);border-radius:16px;overflow:hidden}
.panel iframe{width:100%;height:100%;border:0;display:block}
.p-bottom-right,.p-bottom-left{bottom:92px;width:380px;height:min(620px,calc(100vh - 112px))}
.p-bottom-right{right:20px}.p-bottom-left{left:20px}
.p-full-width{inset:auto 0 0;width:100vw;height:100vh;border-radius:0}
.p-modal{left:50%;top:50%;transform:translate(-50%,-50%);width:min(560px,94vw);height:min(720px,90vh)}
.backdrop{inset:0;background:rgba(17,24,39,.45);z-index:2147482999}
@media (max-width:480px){.p-bottom-right,.p-bottom-left{inset:auto 0 0;width:100vw;height:100vh;border-radius:0}}`;

export function mountPanel({ win, agent, mode, root, button, icon, dark, chatOrigin, chatUrl, popup }: PanelHost): Panel {
  const doc = win.document;
  const div = (className: string) => {
    const node = doc.createElement('div');
    node.className = className;
    return node;
  };
  const style = doc.createElement('style');
  style.textContent = PANEL_CSS;
  const backdrop = div('backdrop');
  const panel = div(`panel p-${mode}`);
  // The open panel shows the chat's background at once, not the page, until the frame's first paint.
  panel.style.background = dark ? '#111827' : '#fff';
  root.append(style, backdrop, panel);

  let iframe: HTMLIFrameElement | null = null;
  let opened = false;
  /**
   * The chat's window once it said 'ready'. Messages wait for it: until the chat's page has arrived the frame holds
   * an empty document of the site's own, which would drop them, and touching it makes the site's page build a
   * script context for it in the middle of the click.
   */
  let chat: Window | null = null;
  const toChat = (target: Window | null, message: ToChat) => target?.postMessage(message, chatOrigin);
  let framedAt = '';
  const ensureIframe = (open: boolean) => {
    if (iframe) return;
    framedAt = win.location.href;
    iframe = doc.createElement('iframe');
    iframe.title = agent.title ? `Chat with ${agent.title}` : 'Chat';
    iframe.allow = 'clipboard-write; microphone';
    iframe.src = chatUrl(open);
    panel.append(iframe);
    if (agent.listenForUrlChanges) reportUrlChanges(win, (url) => toChat(chat, { parley: 'url', url }));
  };
  const show = (on: boolean) => {
    opened = on;
    panel.classList.toggle('open', on);
    backdrop.classList.toggle('open', on && mode === 'modal');
    button.innerHTML = on ? CLOSE_ICON : icon;
    button.setAttribute('aria-label', on ? 'Close chat' : 'Open chat');
    button.style.display = on && (mode === 'full-width' || mode === 'modal') ? 'none' : '';
  };
  const close = () => show(false);
  backdrop.onclick = close;
  win.addEventListener('message', (event: MessageEvent<FromChat | null>) => {
    const { data, source } = event;
    if (!data || typeof data !== 'object' || event.origin !== chatOrigin || !source || (source !== iframe?.contentWindow && source !== popup())) return;
    if (data.parley === 'close') close();
    if (data.parley === 'ready') {
      const from = source as Window;
      if (from !== popup()) chat = from;
      // The chat renders at once with the agent the loader already has, and starts when opened.
      toChat(from, { parley: 'agent', agent });
      if (opened || from === popup()) toChat(from, { parley: 'opened' });
      // The page moved on while the chat was loading.
      if (agent.listenForUrlChanges && from === chat && win.location.href !== framedAt) toChat(from, { parley: 'url', url: win.location.href });
    }
  });
  return {
    warm: () => ensureIframe(false),
    open() {
      ensureIframe(true);
      show(true);
      // A chat not ready yet hears it in the answer to its 'ready'.
      toChat(chat, { parley: 'opened' });
    },
    close,
    isOpen: () => opened,
  };
}

/**
 * Calls `report` with the page's URL each time it changes (single-page sites change it without reloads), for agents
 * that listen for URL changes. The chat learns the URL it was created on from its own URL.
 */
function reportUrlChanges(win: Window, report: (url: string) => void): void {
  const { history, location } = win;
  let last = location.href;
  const check = () => {
    if (location.href !== last) report((last = location.href));
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      check();
    };
  }
  win.addEventListener('popstate', check);
  win.addEventListener('hashchange', check);
}
