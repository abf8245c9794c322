import { describe, expect, it, vi } from 'vitest';
import { ApiError, type AnswerResult, type ChatApi, type ChatRequest, type ConversationState, type ServerMessage } from './api';
import { ChatSession, conversationKey } from './session';

/** An in-memory stand-in for the public API that stores what the server would. */
function fakeApi(options: { reply?: (body: ChatRequest) => Partial<AnswerResult>; fail?: ApiError } = {}) {
  const stored: ServerMessage[] = [];
  let control: 'ai' | 'human' = 'ai';
  let ts = 1000;
  const add = (role: ServerMessage['role'], text: string) => stored.push({ ID: `m${++ts}`, role, text, ts });
  const api: ChatApi & { stored: ServerMessage[]; operator(text: string): void; sent: ChatRequest[] } = {
    stored,
    sent: [],
    operator(text) {
      control = 'human';
      add('operator', text);
    },
    agent: async () => ({ ID: 'A' }),
    usage: async () => true,
    async send(body, onDelta) {
      api.sent.push(body);
      if (options.fail) throw options.fail;
      if (body.action === 'text') add('user', String(body.message));
      const result: AnswerResult = { conversationId: String(body.conversationId), parts: [], sources: [], responder: 'llm', control, messageDelayMS: 1000, failed: false, ...options.reply?.(body) };
      if (body.action === 'text' && control === 'ai' && result.parts.length === 0) {
        const text = `Answer to ${String(body.message)}`;
        for (const piece of text.split(' ')) onDelta(`${piece} `);
        result.parts = [text];
      }
      for (const part of result.parts) add('assistant', part);
      return result;
    },
    async poll(_id, since): Promise<ConversationState> {
      return { exists: true, control, handoffRequested: false, updatedAt: ts, messages: stored.filter((m) => m.ts > since) };
    },
    handoff: vi.fn(async () => undefined),
    page: vi.fn(async () => undefined),
    lead: vi.fn(async () => undefined),
    analytics: async () => undefined,
    ip: async () => null,
    webCall: async () => ({ callId: 'call-1', webCallUrl: 'http://127.0.0.1:9414/__web/call-1' }),
  };
  return api;
}

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe('chat session', () => {
  it('queues what the visitor sends while the chat is starting, shows it at once, and sends it when ready', async () => {
    let releaseLaunch!: () => void;
    const launchHeld = new Promise<void>((resolve) => (releaseLaunch = resolve));
    const api = fakeApi({ reply: (b) => (b.action === 'launch' ? { parts: ['Hi! How can I help?'] } : {}) });
    const send = api.send.bind(api);
    const requested: unknown[] = [];
    api.send = async (body, onDelta) => {
      requested.push(body.message ?? body.action);
      if (body.action === 'launch') await launchHeld;
      return send(body, onDelta);
    };
    const session = new ChatSession(api, { agentId: 'A', storage: memoryStorage(), lang: 'en', messageDelayMS: 0, sleep: async () => undefined });
    const starting = session.start();
    await session.send('first question');
    await session.send('and a second');
    // Nothing is lost or sent early: both are on screen, in order, while the opening message is on its way.
    expect(session.state.messages.map((m) => m.text)).toEqual(['first question', 'and a second']);
    expect(requested).toEqual(['launch']);
    releaseLaunch();
    await starting;
    await vi.waitFor(() => expect(api.sent.map((b) => b.message ?? b.action)).toEqual(['launch', 'first question', 'and a second']));
    await vi.waitFor(() =>
      expect(session.state.messages.map((m) => [m.role, m.text])).toEqual([
        ['assistant', 'Hi! How can I help?'],
        ['user', 'first question'],
        ['assistant', 'Answer to first question'],
        ['user', 'and a second'],
        ['assistant', 'Answer to and a second'],
      ]),
    );
    expect(session.state.busy).toBe(false);
  });

  it('marks queued messages as not delivered when the chat stops (credits exhausted)', async () => {
    let releaseLaunch!: () => void;
    const launchHeld = new Promise<void>((resolve) => (releaseLaunch = resolve));
    const api = fakeApi();
    api.send = async (body) => {
      api.sent.push(body);
      await launchHeld;
      throw new ApiError(402, 'Out of credits.');
    };
    const session = new ChatSession(api, { agentId: 'A', storage: memoryStorage(), lang: 'en', messageDelayMS: 0 });
    const starting = session.start();
    await session.send('hello?');
    releaseLaunch();
    await starting;
    expect(session.state.stopped).toBe('Out of credits.');
    expect(api.sent).toHaveLength(1);
    expect(session.state.messages).toEqual([expect.objectContaining({ text: 'hello?', failed: true, queued: false })]);
  });

  it('reveals multi-part launch messages messageDelayMS apart with the typing state between', async () => {
    const api = fakeApi({ reply: (b) => (b.action === 'launch' ? { parts: ['Welcome!', 'Ask me anything.'], messageDelayMS: 700 } : {}) });
    const delays: number[] = [];
    const typingDuringDelay: boolean[] = [];
    const session = new ChatSession(api, {
      agentId: 'A', storage: memoryStorage(), lang: 'en', messageDelayMS: 1000,
      sleep: async (ms) => {
        delays.push(ms);
        typingDuringDelay.push(session.state.typing);
      },
    });
    await session.start();
    expect(delays).toEqual([700]);
    expect(typingDuringDelay).toEqual([true]);
    expect(session.state.messages.map((m) => m.text)).toEqual(['Welcome!', 'Ask me anything.']);
    expect(session.state.messages.every((m) => !m.ephemeral)).toBe(true);
  });

  it('streams the reply, then shows the confirmed transcript without duplicates', async () => {
    const api = fakeApi();
    const session = new ChatSession(api, { agentId: 'A', storage: memoryStorage(), lang: 'en', messageDelayMS: 0 });
    const streamed: string[] = [];
    session.subscribe((s) => s.streaming && streamed.push(s.streaming));
    await session.send('opening hours');
    expect(streamed.at(-1)).toBe('Answer to opening hours ');
    expect(streamed.length).toBeGreaterThan(1);
    expect(session.state.messages.map((m) => [m.role, m.text])).toEqual([
      ['user', 'opening hours'],
      ['assistant', 'Answer to opening hours'],
    ]);
    await session.poll();
    expect(session.state.messages).toHaveLength(2);
  });

  it('keeps one conversation id in storage and adopts the one another tab switched to', async () => {
    const storage = memoryStorage();
    const api = fakeApi();
    const session = new ChatSession(api, { agentId: 'A', storage, lang: 'en', messageDelayMS: 0 });
    await session.send('hi');
    const id = storage.getItem(conversationKey('A'));
    expect(id).toMatch(/^c_[A-Za-z0-9]{20}$/);
    const other = new ChatSession(api, { agentId: 'A', storage, lang: 'en', messageDelayMS: 0 });
    expect(other.state.conversationId).toBe(id);
    await other.start();
    expect(other.state.messages.map((m) => m.text)).toEqual(['hi', 'Answer to hi']);
    await session.adopt('c_otherconversation0001');
    expect(session.state.conversationId).toBe('c_otherconversation0001');
  });

  it('keeps a message sent while a poll was in flight on screen', async () => {
    const api = fakeApi();
    const session = new ChatSession(api, { agentId: 'A', storage: memoryStorage(), lang: 'en', messageDelayMS: 0 });
    await session.start();
    let release!: () => void;
    const slowPoll = api.poll.bind(api);
    api.poll = async (id, since) => {
      await new Promise<void>((r) => (release = r));
      return slowPoll(id, since);
    };
    let resolveSend!: () => void;
    const realSend = api.send.bind(api);
    api.send = async (body, onDelta) => {
      await new Promise<void>((r) => (resolveSend = r));
      return realSend(body, onDelta);
    };
    const polling = session.poll();
    const sending = session.send('are you there?');
    release();
    await polling;
    expect(session.state.messages.map((m) => m.text)).toContain('are you there?');
    api.poll = slowPoll;
    resolveSend();
    await sending;
    expect(session.state.messages.map((m) => m.text)).toEqual(['are you there?', 'Answer to are you there?']);
  });

  it('shows operator replies picked up by polling and the takeover state', async () => {
    const api = fakeApi();
    const session = new ChatSession(api, { agentId: 'A', storage: memoryStorage(), lang: 'en', messageDelayMS: 0 });
    await session.start();
    await session.send('I need a person');
    api.operator('Hello, I am Ana.');
    await session.poll();
    expect(session.state.control).toBe('human');
    expect(session.state.messages.at(-1)).toMatchObject({ role: 'operator', text: 'Hello, I am Ana.' });
  });

  it('stops with the server message when credits are exhausted', async () => {
    const api = fakeApi({ fail: new ApiError(402, 'This assistant has reached its usage limit and cannot reply right now. Please try again later.') });
    const session = new ChatSession(api, { agentId: 'A', storage: memoryStorage(), lang: 'en', messageDelayMS: 0 });
    await session.send('hello?');
    expect(session.state.stopped).toContain('usage limit');
    expect(session.state.messages[0]).toMatchObject({ text: 'hello?', failed: true });
    await session.send('again');
    expect(api.sent).toHaveLength(1);
  });

  it('sends the page URL and the visitor language with each message', async () => {
    const api = fakeApi();
    const session = new ChatSession(api, { agentId: 'A', storage: memoryStorage(), lang: 'pt-PT', pageUrl: 'https://shop.example/a', messageDelayMS: 0 });
    await session.send('olá');
    session.setPage('https://shop.example/b');
    await session.send('e agora?');
    expect(api.sent.map((b) => [b.lang, b.pageUrl])).toEqual([['pt-PT', 'https://shop.example/a'], ['pt-PT', 'https://shop.example/b']]);
    expect(api.page).toHaveBeenCalledWith(session.state.conversationId, 'https://shop.example/b');
  });

  it('sends the lead form with the page, remembers it for the conversation, and keeps a refusal’s sentence', async () => {
    const api = fakeApi();
    const storage = memoryStorage();
    const session = new ChatSession(api, { agentId: 'A', storage, lang: 'en', pageUrl: 'https://shop.example/a', messageDelayMS: 0 });
    await session.start();
    vi.mocked(api.lead).mockRejectedValueOnce(new ApiError(400, 'Please enter a valid e-mail address.'));
    expect(await session.submitLead({ email: 'nope' })).toBe('Please enter a valid e-mail address.');
    expect(session.state.leadSaved).toBe(false);
    expect(await session.submitLead({ email: 'ada@example.com' })).toBeNull();
    expect(api.lead).toHaveBeenLastCalledWith(session.state.conversationId, { email: 'ada@example.com', pageUrl: 'https://shop.example/a' });
    expect(session.state.leadSaved).toBe(true);
    // The page reloads: the same conversation does not ask again.
    expect(new ChatSession(api, { agentId: 'A', storage, lang: 'en', messageDelayMS: 0 }).state.leadSaved).toBe(true);
  });
});
