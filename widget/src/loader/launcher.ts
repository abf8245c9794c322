// The launcher: the open button, in a shadow root (host CSS cannot reach it). The rest (the proactive bubble, the
// panel that frames the chat) is a file of its own (./deferred), asked for as the button is drawn (boot starts the
// fetch beside the agent's), so that a click right after the button appears finds the panel at hand; what the visitor
// asked for before it arrived happens when it does. A popup opens at once: a popup must open within the click.
import { themeColors, widgetRenderMode } from '@parley/core';
import type { WidgetAgent } from '../chat/api';
import { AGENT_PARAM, encodeAgentParam } from '../shared/handoff';
import { originOf } from '../shared/origins';
import type { Deferred, MountDeferred } from './deferred';
import { loadDeferred } from './load-deferred';
import type { LoaderOptions } from './options';
import { CHAT_ICON, LAUNCHER_CSS } from './styles';

export interface Launcher {
  host: HTMLElement;
  open(): void;
  close(): void;
  isOpen(): boolean;
}

/** The deferred part's code: at hand (tests), or fetched (dist/loader-deferred.js). */
export type GetDeferred = () => MountDeferred | Promise<MountDeferred>;

export function mountLauncher(
  win: Window,
  agent: WidgetAgent,
  opts: LoaderOptions,
  getDeferred: GetDeferred = () => loadDeferred(win.document, opts.loaderBase),
): Launcher {
  const doc = win.document;
  const drawnAt = Date.now();
  const mode = opts.mode ?? widgetRenderMode(agent.renderMode);
  const side = mode === 'bottom-left' ? 'l' : 'r';
  const colors = themeColors(agent);
  const host = doc.createElement('div');
  host.id = `parley-widget-${agent.ID}`;
  const root = host.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = LAUNCHER_CSS;
  const button = doc.createElement('button');
  button.className = `btn ${side}`;
  button.setAttribute('aria-label', `Open chat${agent.title ? ` with ${agent.title}` : ''}`);
  button.style.background = colors.primary;
  button.style.color = colors.onPrimary;
  const icon = agent.roundedImageURL && typeof agent.roundedImageURL === 'string' ? `<img alt="" src="${encodeURI(agent.roundedImageURL)}">` : CHAT_ICON;
  button.innerHTML = icon;
  root.append(style, button);

  // The agent rides in the fragment (see shared/handoff) so the chat paints without asking for it.
  const handed = encodeAgentParam(agent);
  const chatUrl = (open: boolean) => {
    const params = new URLSearchParams({ agent: agent.ID, region: opts.region, api: opts.apiBase, page: win.location.href, lang: win.navigator.language || 'en' });
    if (opts.streamBase) params.set('stream', opts.streamBase);
    if (open) params.set('open', '1');
    if (handed) params.set(AGENT_PARAM, handed);
    return `${opts.widgetBase}/chat.html#${params}`;
  };
  let popup: Window | null = null;
  let rest: Deferred | null = null;
  let loading = false;
  /** What the visitor asked for before the deferred part arrived. */
  let wanted: 'warm' | 'open' | null = null;
  const arrived = (mount: MountDeferred) => {
    const chatOrigin = originOf(opts.widgetBase) ?? win.location.origin;
    rest = mount({ win, agent, mode, side, root, button, icon, dark: colors.dark, chatOrigin, chatUrl, popup: () => popup, drawnAt, open: launcher.open });
    if (wanted) rest[wanted]();
    wanted = null;
  };
  const load = () => {
    if (rest || loading) return;
    loading = true;
    const got = getDeferred();
    if (!(got instanceof Promise)) return arrived(got);
    got.then(arrived, () => {
      // Offline or blocked: the next sign of interest tries again.
      loading = false;
    });
  };
  const want = (what: 'warm' | 'open') => {
    if (rest) return rest[what]();
    if (what === 'open' || !wanted) wanted = what;
    load();
  };
  const launcher: Launcher = {
    host,
    isOpen: () => (rest ? rest.isOpen() : wanted === 'open'),
    open() {
      if (mode !== 'popup') return want('open');
      rest?.hideBubble();
      popup = win.open(`${chatUrl(true)}&popup=1`, `parley-${agent.ID}`, 'width=420,height=680');
      // The deferred part answers the popup's messages.
      load();
    },
    close() {
      if (wanted === 'open') wanted = null;
      rest?.close();
    },
  };
  button.onclick = () => (launcher.isOpen() ? launcher.close() : launcher.open());
  // Warm the chat up when the pointer reaches the button (or keyboard focus does), so opening feels instant.
  const warm = () => mode !== 'popup' && want('warm');
  button.addEventListener('pointerenter', warm, { once: true });
  button.addEventListener('focus', warm, { once: true });
  if (agent.autoStartWidget === true) launcher.open();
  // Not at idle time: a visitor may click as soon as the button shows, and the chat's frame is made by the rest.
  else load();
  doc.body.append(host);
  return launcher;
}
