// Entry of widget/dist/chat.js, loaded by chat.html inside the iframe (or a popup window).
import { render } from 'preact';
import { MESSAGE_DELAY_MS_DEFAULT, themeColors } from '@parley/core';
import { App } from './App';
import { createApi, type WidgetAgent } from './api';
import { appCheckConfig, loadSdk, startAppCheck } from './app-check';
import { resolveLang, wordsFor } from './i18n';
import { ChatSession, conversationKey, STOPPED_FALLBACK } from './session';
import { CHAT_CSS, CHAT_CSS_ID } from './styles';
import { chatOptionsFromFragment, type ChatOptions } from './options';
import { widgetOrigins } from '../shared/origins';
import type { FromChat, ToChat } from '../shared/protocol';

function storageOf(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Applies the agent's theme, images, font and custom CSS inside the iframe. */
export function applyAgentStyle(doc: Document, agent: WidgetAgent): void {
  const colors = themeColors(agent);
  const root = doc.documentElement.style;
  root.setProperty('--p', colors.primary);
  root.setProperty('--op', colors.onPrimary);
  root.setProperty('--fg', colors.dark ? '#f3f4f6' : '#111827');
  root.setProperty('--bg', colors.dark ? '#111827' : '#ffffff');
  root.setProperty('--bubble', colors.dark ? '#1f2937' : '#f3f4f6');
  root.setProperty('--soft', colors.dark ? '#1f2937' : '#eef2ff');
  root.setProperty('--line', colors.dark ? '#374151' : '#e5e7eb');
  const url = (v: unknown) => (typeof v === 'string' && v ? `url("${encodeURI(v)}")` : 'none');
  root.setProperty('--bgimg', url(agent.chatBgURL));
  root.setProperty('--headimg', url(agent.headerImageUrl));
  if (typeof agent.fontFamily === 'string' && agent.fontFamily) root.setProperty('--pf', `"${agent.fontFamily.replace(/"/g, '')}", system-ui, sans-serif`);
  // chat.html carries the stylesheet inline (parsed with the page, before any script); add it otherwise.
  if (!doc.getElementById(CHAT_CSS_ID)) {
    const base = doc.createElement('style');
    base.id = CHAT_CSS_ID;
    base.textContent = CHAT_CSS;
    doc.head.appendChild(base);
  }
  if (typeof agent.ADVANCED_customCSS === 'string' && agent.ADVANCED_customCSS.trim()) {
    const custom = doc.createElement('style');
    custom.id = 'parley-custom-css';
    custom.textContent = agent.ADVANCED_customCSS;
    doc.head.appendChild(custom);
  }
}

/** A message from the page that framed the chat: its window, at the origin the loader gave (page=). */
const fromParent = (event: MessageEvent, parentOrigin: string | null): boolean => event.source === window.parent && event.origin === parentOrigin;

/** The agent posted by the loader (no extra request), or fetched when standalone or if none arrives. */
function agentFrom(api: ReturnType<typeof createApi>, embedded: boolean, parentOrigin: string | null): Promise<WidgetAgent | null> {
  const fetched = () => api.agent().catch(() => null);
  if (!embedded) return fetched();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fetched()), 1500);
    window.addEventListener('message', function onAgent(event: MessageEvent<ToChat>) {
      if (!fromParent(event, parentOrigin) || event.data?.parley !== 'agent') return;
      clearTimeout(timer);
      window.removeEventListener('message', onAgent);
      resolve(event.data.agent);
    });
  });
}

/** Starts the chat in this document's #app from its one options object. */
export async function createChat(options: ChatOptions): Promise<void> {
  const { agentId, region, parentOrigin } = options;
  const toParent = (message: FromChat) => {
    if (parentOrigin) window.parent.postMessage(message, parentOrigin);
  };
  const mount = document.getElementById('app')!;
  const embedded = window.parent !== window;
  // The loader hands its agent in the fragment (embedded or its popup): the chat paints in this task,
  // with no round trip. A directly opened chat.html fetches it, so a link cannot dress up an agent.
  const handed = embedded || window.opener ? options.handedAgent : null;
  let painted: () => void = () => undefined;
  const firstPaint = new Promise<void>((resolve) => (painted = resolve));
  // App Check's SDK (chat.html preloads it as it is parsed): only the calls that need a token wait for it. With the
  // agent at hand nothing does before the first frame, so the SDK runs after it; else beside the agent fetch.
  const appCheck = startAppCheck(appCheckConfig(), handed ? () => firstPaint.then(loadSdk) : loadSdk);
  const api = createApi({ base: options.apiBase, agentId, region, streamBase: options.streamBase, embedOrigin: parentOrigin, appCheck });
  // Listen before announcing ourselves: the loader answers 'ready' with the agent (and 'opened').
  // A frame created by a click starts at once ('open' in the fragment); a warmed-up one waits.
  let opened = !embedded || options.open;
  let onOpened: (() => void) | null = null;
  window.addEventListener('message', (event: MessageEvent<ToChat>) => {
    if (!fromParent(event, parentOrigin) || event.data?.parley !== 'opened') return;
    opened = true;
    onOpened?.();
  });
  const agentRead = handed ? null : agentFrom(api, embedded, parentOrigin);
  if (embedded) toParent({ parley: 'ready' });
  // Waiting for the agent anyway: ask for usage meanwhile. With the agent at hand it waits for the first paint.
  const usageEarly = handed ? null : api.usage().catch(() => true);
  const agent = handed ?? (await agentRead);
  if (!agent) {
    mount.textContent = 'This widget does not exist.';
    return;
  }
  applyAgentStyle(document, agent);
  const lang = resolveLang(agent.lang, options.lang ?? navigator.language);
  const storage = storageOf(agent.syncBrowser === true ? 'local' : 'session');
  const session = new ChatSession(api, {
    agentId,
    storage,
    lang,
    pageUrl: options.page ?? undefined,
    messageDelayMS: typeof agent.messageDelayMS === 'number' ? agent.messageDelayMS : MESSAGE_DELAY_MS_DEFAULT,
    visitor: { browser: navigator.userAgent.slice(0, 200), platform: (navigator.platform || '').slice(0, 100), lang },
  });
  const onClose = embedded ? () => toParent({ parley: 'close' }) : options.popup ? () => window.close() : undefined;
  render(<App agent={agent} session={session} words={wordsFor(lang)} onClose={onClose} startOnMount={false} startCall={() => api.webCall()} lang={lang} />, mount);

  window.addEventListener('message', (event: MessageEvent<ToChat>) => {
    if (!fromParent(event, parentOrigin) || !event.data || typeof event.data !== 'object') return;
    if (event.data.parley === 'url' && agent.listenForUrlChanges === true) session.setPage(String(event.data.url).slice(0, 2048));
  });
  // syncBrowser: another tab started or switched the conversation.
  if (agent.syncBrowser === true) {
    window.addEventListener('storage', (event) => {
      if (event.key === conversationKey(agentId)) void session.adopt(event.newValue);
    });
  }
  const page = options.page;
  // The conversation (launch message) and the analytics event start when the visitor opens the chat,
  // not when the loader warms the iframe up.
  const begin = () => {
    onOpened = null;
    void session.start();
    void (async () => {
      const geo = agent.enableGeoAnalytics === true ? await api.ip() : null;
      await api.analytics({
        record: 'open',
        ts: Date.now(),
        browser: navigator.userAgent.slice(0, 200),
        origin: page ? new URL(page).origin : location.origin,
        platform: (navigator.platform || '').slice(0, 100),
        ...(geo ? { countryCode: geo.country, ipAddress: geo.ip } : {}),
      });
    })();
  };
  // Requests (usage, the launch message, analytics) go out once the chat is on screen: starting them in
  // this task would hold the first frame back.
  afterFirstPaint(() => {
    painted();
    // For whoever debugs an embed: the agent arrived (the one line the chat writes to the console). Written after
    // the first frame: with developer tools open, a console line costs a stack trace.
    console.info('Widget data loaded succesfully.');
    void (usageEarly ?? api.usage().catch(() => true)).then((canContinue) => {
      if (!canContinue) session.stop(STOPPED_FALLBACK);
    });
    if (opened) begin();
    else onOpened = begin;
  });
}

/** Runs `fn` once the first frame is out; a hidden (warmed-up) frame may produce none, hence the timer. */
function afterFirstPaint(fn: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, 250);
}

void createChat(chatOptionsFromFragment(location.hash, widgetOrigins(), location.origin));
