// The chat view (inside the iframe). State lives in ChatSession; this renders it.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ChatApi, WebCallStarted, WidgetAgent } from './api';
import { CallButton } from './call/CallButton';
import type { Words } from './i18n';
import { leadPrompt } from './lead-capture';
import { LeadForm } from './LeadForm';
import { ChatSession, type ChatMessage, type ChatState } from './session';

export interface AppProps {
  agent: WidgetAgent;
  session: ChatSession;
  words: Words;
  /** Shown in the header; closes the panel (posts to the loader) or the popup window. */
  onClose?: () => void;
  pollMs?: number;
  /** Start the conversation on mount (standalone); the embedded chat starts when the visitor opens it. */
  startOnMount?: boolean;
  /** Starts a browser call (the agent's web calling on): the chat then shows the call button. */
  startCall?: () => Promise<WebCallStarted>;
  /** The chat's language (the call panel's words load with the voice chunk). */
  lang?: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/** Plain text with "> " lines as quotes (the offline responder quotes passages). */
function Text({ text }: { text: string }) {
  const blocks: Array<{ quote: boolean; lines: string[] }> = [];
  for (const line of text.split('\n')) {
    const quote = line.startsWith('> ');
    const last = blocks[blocks.length - 1];
    if (last && last.quote === quote) last.lines.push(quote ? line.slice(2) : line);
    else blocks.push({ quote, lines: [quote ? line.slice(2) : line] });
  }
  return (
    <>
      {blocks.map((b, i) => (b.quote ? <blockquote key={i}>{b.lines.join('\n')}</blockquote> : <span key={i}>{b.lines.join('\n')}</span>))}
    </>
  );
}

function Message({ m, avatar, words }: { m: ChatMessage; avatar?: string; words: Words }) {
  if (m.role === 'system') return <div class="system">{m.text}</div>;
  const names = [...new Set((m.sources ?? []).map((s) => s.title))];
  return (
    <div class={`row ${m.role}${m.failed ? ' failed' : ''}`} data-role={m.role}>
      {m.role !== 'user' && avatar ? <img alt="" src={avatar} /> : null}
      <div class="msg">
        {m.role === 'operator' ? <div class="who">{words.team}</div> : null}
        <Text text={m.text} />
        {names.length > 0 ? <div class="src">{words.sources}: {names.join(', ')}</div> : null}
        {m.failed && m.role === 'user' ? <div class="src">{words.notDelivered}</div> : null}
      </div>
    </div>
  );
}

export function App({ agent, session, words, onClose, pollMs = 3000, startOnMount = true, startCall, lang = 'en' }: AppProps) {
  const [state, setState] = useState<ChatState>(session.state);
  const [draft, setDraft] = useState('');
  const log = useRef<HTMLDivElement>(null);
  useEffect(() => session.subscribe(setState), [session]);
  useEffect(() => {
    if (startOnMount) void session.start();
    const timer = setInterval(() => {
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden') void session.poll();
    }, pollMs);
    return () => clearInterval(timer);
  }, [session, pollMs, startOnMount]);
  useEffect(() => {
    log.current?.scrollTo?.({ top: log.current.scrollHeight });
  }, [state.messages.length, state.streaming, state.typing]);

  const avatar = str(agent.avatarImageUrl) ?? str(agent.roundedImageURL);
  const handoffOn = agent.alwaysShowHandoff === true || agent.enableHumanHandoff === true;
  const hasVisitorMessage = state.messages.some((m) => m.role === 'user');
  const showHandoff = handoffOn && state.control === 'ai' && !state.handoffRequested && (agent.alwaysShowHandoff === true || hasVisitorMessage);
  const title = str(agent.title) ?? 'Chat';
  const submit = (event?: Event) => {
    event?.preventDefault();
    // While the chat starts or answers, the message is queued (shown at once) rather than ignored.
    if (!draft.trim() || state.stopped) return;
    const text = draft;
    setDraft('');
    void session.send(text);
  };
  const visitorMessages = state.messages.filter((m) => m.role === 'user' && !m.failed).length;
  const lead = leadPrompt(agent, { leadSaved: state.leadSaved, visitorMessages });
  const lastIsUser = useMemo(() => state.messages[state.messages.length - 1]?.role === 'user', [state.messages]);

  return (
    <div class="chat" data-testid="parley-chat">
      <header class="head">
        {avatar ? <img alt="" src={avatar} /> : null}
        <h1>{title}</h1>
        {onClose ? (
          <button class="icon" type="button" aria-label={words.close} onClick={onClose}>
            ×
          </button>
        ) : null}
      </header>
      {startCall && agent.webCalling === true ? <CallButton words={words} lang={lang} startCall={startCall} /> : null}
      {state.control === 'human' ? <div class="status" role="status">{words.human}</div> : null}
      <div class="log" ref={log} role="log" aria-live="polite">
        {state.messages.map((m) => (
          <Message key={m.id} m={m} avatar={avatar} words={words} />
        ))}
        {state.streaming !== null ? <Message m={{ id: 'streaming', role: 'assistant', text: state.streaming }} avatar={avatar} words={words} /> : null}
        {state.typing && (state.control === 'ai' || !lastIsUser) ? (
          <div class="row assistant" aria-label={words.typing}>
            <div class="msg dots"><span /><span /><span /></div>
          </div>
        ) : null}
      </div>
      {showHandoff ? (
        <div class="handoff">
          <div>
            <strong>{str(agent.UIhandoffTitle) ?? 'Need a person?'}</strong>
            <small>{str(agent.UIhandoffSubtitle) ?? 'Our team can take over this conversation.'}</small>
          </div>
          <button type="button" onClick={() => void session.requestHandoff()}>{words.handoffButton}</button>
        </div>
      ) : null}
      {state.handoffRequested && state.control === 'ai' ? <div class="status" role="status">{words.handoffSent}</div> : null}
      {state.notice ? <div class="notice" role="alert">{state.notice}</div> : null}
      {state.stopped ? <div class="stopped" role="alert">{state.stopped}</div> : null}
      {lead ? (
        <LeadForm
          prompt={lead}
          words={words}
          disabled={state.busy || !state.conversationId}
          onSubmit={(fields) => session.submitLead(fields)}
          onSkip={() => session.skipLead()}
        />
      ) : null}
      {lead?.blocking ? null : (
      <form onSubmit={submit}>
        <textarea
          rows={1}
          aria-label={words.placeholder}
          placeholder={words.placeholder}
          maxLength={4000}
          value={draft}
          disabled={!!state.stopped}
          onInput={(e) => setDraft((e.target as HTMLTextAreaElement).value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) submit(e);
          }}
        />
        <button class="send" type="submit" disabled={!draft.trim() || !!state.stopped}>
          {words.send}
        </button>
      </form>
      )}
      {agent.branding !== false ? <PoweredBy by={agent.poweredBy} /> : null}
    </div>
  );
}

/** The footer credit: the agent owner's agency when it runs one (a link to its website), the platform otherwise. */
function PoweredBy({ by }: { by: WidgetAgent['poweredBy'] }) {
  const name = str(by?.name);
  if (!name) return <div class="brand">Powered by Parley</div>;
  // The server only sends http(s) websites; checked again so a stray value never becomes a script link.
  const url = by?.url && /^https?:\/\//i.test(by.url) ? by.url : undefined;
  return (
    <div class="brand">
      Powered by {url ? <a href={url} target="_blank" rel="noopener noreferrer">{name}</a> : name}
    </div>
  );
}

export type { ChatApi };
