// The chat's state machine, independent of the view: the transcript (server messages plus the
// visitor's pending message and the reply being streamed), typing, takeover, handoff and stop states.
import { ApiError, type ChatApi, type ChatRequest, type LeadBody, type ServerMessage, type Source, type VisitorInfo } from './api';

export interface ChatMessage {
  id: string;
  role: ServerMessage['role'];
  text: string;
  sources?: Source[];
  failed?: boolean;
  /** Shown locally, not (yet) confirmed by the server. */
  ephemeral?: boolean;
  /** Typed while the chat was starting or answering: sent as soon as it is free. */
  queued?: boolean;
}

export interface ChatState {
  conversationId: string | null;
  messages: ChatMessage[];
  /** The reply as it streams in. */
  streaming: string | null;
  typing: boolean;
  busy: boolean;
  control: 'ai' | 'human';
  handoffRequested: boolean;
  /** Why the chat cannot continue (credits or usage exhausted). */
  stopped: string | null;
  notice: string | null;
  /** The visitor left their contact details in this conversation (the lead form is not shown again). */
  leadSaved: boolean;
}

export interface SessionOptions {
  agentId: string;
  /** localStorage when syncBrowser is on (one conversation across tabs), else sessionStorage. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  lang: string;
  pageUrl?: string;
  messageDelayMS: number;
  visitor?: VisitorInfo;
  sleep?: (ms: number) => Promise<void>;
}

export const conversationKey = (agentId: string) => `parley:conv:${agentId}`;
/** Set once the conversation's lead form was sent (or dismissed, value "skipped"). */
export const leadKey = (agentId: string, conversationId: string) => `parley:lead:${agentId}:${conversationId}`;
export const STOPPED_FALLBACK = 'This assistant has reached its usage limit and cannot reply right now. Please try again later.';

function randomId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return `c_${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}

const toChat = (m: ServerMessage): ChatMessage => ({ id: m.ID, role: m.role, text: m.text, sources: m.sources, failed: m.status === 'failed' });

export class ChatSession {
  state: ChatState;
  private listeners = new Set<(state: ChatState) => void>();
  private lastTs = 0;
  private recorded = true;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly api: ChatApi,
    private readonly opts: SessionOptions,
  ) {
    this.sleep = opts.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    const conversationId = opts.storage?.getItem(conversationKey(opts.agentId)) ?? null;
    this.state = {
      conversationId,
      messages: [],
      streaming: null,
      typing: false,
      busy: false,
      control: 'ai',
      handoffRequested: false,
      stopped: null,
      notice: null,
      leadSaved: this.leadDone(conversationId),
    };
  }

  private leadDone(conversationId: string | null): boolean {
    return !!conversationId && !!this.opts.storage?.getItem(leadKey(this.opts.agentId, conversationId));
  }

  subscribe(listener: (state: ChatState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(patch: Partial<ChatState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener(this.state);
  }

  private ensureConversation(): string {
    if (this.state.conversationId) return this.state.conversationId;
    const id = randomId();
    this.opts.storage?.setItem(conversationKey(this.opts.agentId), id);
    this.set({ conversationId: id });
    return id;
  }

  private started = false;

  /** Shows an existing conversation, or starts one with the launch message(s). Runs once. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    if (this.state.conversationId) {
      await this.sync(true);
      if (this.state.messages.length > 0) return;
    }
    await this.exchange({ action: 'launch' }, null);
  }

  /** Another tab (syncBrowser) switched the conversation. */
  async adopt(conversationId: string | null): Promise<void> {
    if (!conversationId || conversationId === this.state.conversationId) return;
    this.lastTs = 0;
    this.set({ conversationId, messages: [], streaming: null, leadSaved: this.leadDone(conversationId) });
    await this.sync(true);
  }

  /**
   * Sends the visitor's message. While the chat is still starting (the opening message is on its way) or
   * answering, the message is shown at once and queued; it goes out, in order, as soon as the chat is free.
   */
  async send(text: string): Promise<void> {
    const message = text.trim();
    if (!message || this.state.stopped) return;
    if (this.state.busy) {
      const queued: ChatMessage = { id: `queued-${Date.now()}-${this.queue.length}`, role: 'user', text: message, ephemeral: true, queued: true };
      this.queue.push(queued);
      this.set({ messages: [...this.state.messages, queued] });
      return;
    }
    await this.exchange({ action: 'text', message }, message);
  }

  private readonly queue: ChatMessage[] = [];

  /** Sends the oldest queued message once nothing else is in flight. */
  private async drainQueue(): Promise<void> {
    const next = this.queue.shift();
    if (!next) return;
    if (this.state.stopped) {
      // Nothing more can be sent: the queued messages stay visible, marked as not delivered.
      const undelivered = new Set(this.queue.splice(0).map((m) => m.id).concat(next.id));
      this.set({ messages: this.state.messages.map((m) => (undelivered.has(m.id) ? { ...m, queued: false, ephemeral: false, failed: true } : m)) });
      return;
    }
    // The queued copy on screen becomes this exchange's pending message.
    this.set({ messages: this.state.messages.filter((m) => m.id !== next.id) });
    await this.exchange({ action: 'text', message: next.text }, next.text);
  }

  private async exchange(body: Pick<ChatRequest, 'action' | 'message'>, userText: string | null): Promise<void> {
    const conversationId = this.ensureConversation();
    const pending: ChatMessage | null = userText ? { id: `local-${Date.now()}`, role: 'user', text: userText, ephemeral: true } : null;
    // Queued messages stay below the one being sent.
    const queued = this.state.messages.filter((m) => m.queued);
    const shownBefore = this.state.messages.filter((m) => !m.queued);
    this.set({ busy: true, typing: true, notice: null, streaming: null, messages: [...shownBefore, ...(pending ? [pending] : []), ...queued] });
    try {
      let streamed = '';
      const result = await this.api.send(
        { ...body, conversationId, lang: this.opts.lang, pageUrl: this.opts.pageUrl, visitor: this.opts.visitor, history: this.recorded ? undefined : this.history() },
        (piece) => {
          streamed += piece;
          this.set({ typing: false, streaming: streamed });
        },
      );
      this.set({ streaming: null, control: result.control });
      // Multi-part replies arrive one by one, messageDelayMS apart, with the typing state between.
      const delay = result.messageDelayMS ?? this.opts.messageDelayMS;
      const shown: ChatMessage[] = [];
      for (let i = 0; i < result.parts.length; i++) {
        if (i > 0) {
          this.set({ typing: true });
          await this.sleep(delay);
        }
        const part: ChatMessage = {
          id: `local-${Date.now()}-${i}`,
          role: 'assistant',
          text: result.parts[i]!,
          ephemeral: true,
          failed: result.failed,
          sources: i === result.parts.length - 1 ? result.sources : undefined,
        };
        shown.push(part);
        this.set({ typing: false, messages: this.insertBeforeQueued(part) });
      }
      if (this.queue.length === 0) {
        this.set({ busy: false });
        await this.sync(false);
      }
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      const text = error instanceof Error ? error.message : 'Something went wrong. Please try again.';
      if (status === 402) this.set({ stopped: text || STOPPED_FALLBACK });
      else this.set({ notice: text });
      // The visitor's text stays visible; a refused message is marked as not delivered.
      if (pending && status >= 400 && status < 500) {
        this.set({ messages: this.state.messages.map((m) => (m.id === pending.id ? { ...m, failed: true, ephemeral: false } : m)) });
      }
    } finally {
      this.set({ busy: false, typing: false, streaming: null });
    }
    await this.drainQueue();
  }

  private insertBeforeQueued(message: ChatMessage): ChatMessage[] {
    const queued = this.state.messages.filter((m) => m.queued);
    return [...this.state.messages.filter((m) => !m.queued), message, ...queued];
  }

  private history(): Array<{ role: 'user' | 'assistant'; text: string }> {
    return this.state.messages
      .filter((m) => (m.role === 'user' || m.role === 'assistant') && !m.failed)
      .slice(-20)
      .map((m) => ({ role: m.role as 'user' | 'assistant', text: m.text }));
  }

  /**
   * Brings the transcript up to date with the server: operator replies, other tabs' messages, and the
   * confirmed copies of what was shown locally. Unrecorded conversations keep the local copies.
   */
  async sync(full: boolean): Promise<void> {
    const conversationId = this.state.conversationId;
    if (!conversationId) return;
    let result;
    try {
      result = await this.api.poll(conversationId, full ? 0 : this.lastTs);
    } catch {
      return; // a missed poll is retried on the next tick
    }
    if (conversationId !== this.state.conversationId) return;
    if (!result.exists) {
      this.recorded = false;
      this.set({ messages: this.state.messages.map((m) => ({ ...m, ephemeral: false })) });
      return;
    }
    this.recorded = true;
    const confirmed = (full ? [] : this.state.messages.filter((m) => !m.ephemeral)).slice();
    const known = new Set(confirmed.map((m) => m.id));
    for (const m of result.messages) {
      if (!known.has(m.ID)) confirmed.push(toChat(m));
      this.lastTs = Math.max(this.lastTs, m.ts);
    }
    // A message sent while this poll was in flight stays on screen until its own exchange confirms it.
    const inFlight = this.state.messages.filter((m) => m.ephemeral && !known.has(m.id) && (this.state.busy || m.queued));
    this.set({ messages: [...confirmed, ...inFlight], control: result.control, handoffRequested: result.handoffRequested });
  }

  /** Called on a timer while the chat is open. */
  async poll(): Promise<void> {
    if (!this.started || this.state.busy || !this.state.conversationId) return;
    await this.sync(false);
  }

  async requestHandoff(): Promise<void> {
    const conversationId = this.ensureConversation();
    try {
      await this.api.handoff(conversationId);
      this.set({ handoffRequested: true });
      await this.sync(false);
    } catch (error) {
      this.set({ notice: error instanceof Error ? error.message : 'Something went wrong. Please try again.' });
    }
  }

  /**
   * Sends the lead form. Answers null once saved, or the sentence to show (an invalid e-mail or phone is refused by
   * the server and asked for again: the form keeps what was typed).
   */
  async submitLead(fields: Omit<LeadBody, 'pageUrl'>): Promise<string | null> {
    const conversationId = this.ensureConversation();
    try {
      await this.api.lead(conversationId, { ...fields, ...(this.opts.pageUrl ? { pageUrl: this.opts.pageUrl } : {}) });
    } catch (error) {
      return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
    }
    this.opts.storage?.setItem(leadKey(this.opts.agentId, conversationId), 'saved');
    this.set({ leadSaved: true });
    return null;
  }

  /** "Not now": the form asked after some messages is not shown again in this conversation. */
  skipLead(): void {
    if (this.state.conversationId) this.opts.storage?.setItem(leadKey(this.opts.agentId, this.state.conversationId), 'skipped');
    this.set({ leadSaved: true });
  }

  setPage(url: string): void {
    this.opts.pageUrl = url;
    if (this.state.conversationId) void this.api.page(this.state.conversationId, url);
  }

  stop(message: string): void {
    this.set({ stopped: message });
  }
}
