// A Telegram Bot API stand-in (https://core.telegram.org/bots/api): POST|GET /bot{token}/{method} with JSON, query or
// form parameters — getMe, setWebhook, deleteWebhook, getWebhookInfo, sendMessage, sendChatAction — answering
// { ok, result } or { ok: false, error_code, description } like Telegram. A token is `{digits}:{20+ characters}`;
// the digits are the bot's id. Updates are delivered to the bot's webhook with X-Telegram-Bot-Api-Secret-Token, as
// Telegram does. Records every call (tokens masked) at GET/DELETE /__recorded; the channel simulator API
// (/__sim/endpoints, /__sim/inbound, /__sim/thread) lets a developer write as a Telegram user.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerPreflightOrRecorded, type ThreadMessage } from '../channel-sim';
import { listen } from '../listen';

interface Bot {
  id: number;
  token: string;
  username: string;
  firstName: string;
  webhook: { url: string; secret?: string; allowedUpdates?: string[] } | null;
}

export interface RecordedCall {
  method: string;
  botId: number | null;
  params: Record<string, unknown>;
  ts: number;
}

export type { ThreadMessage } from '../channel-sim';

const TOKEN = /^(\d{1,20}):([A-Za-z0-9_-]{20,})$/;

async function readParams(req: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
  if (req.method !== 'POST') return params;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return params;
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return { ...params, ...Object.fromEntries(new URLSearchParams(text)) };
  return { ...params, ...(JSON.parse(text) as Record<string, unknown>) };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify(body));
}

const fail = (res: ServerResponse, code: number, description: string) => json(res, code, { ok: false, error_code: code, description });

/** A chat id for a simulator user: digits stay as they are, a name gets a stable number. */
function chatIdOf(userId: string): number {
  if (/^-?\d{1,15}$/.test(userId)) return Number(userId);
  let h = 0;
  for (const c of userId) h = (h * 31 + c.charCodeAt(0)) % 2_000_000_000;
  return 1_000_000_000 + h;
}

export async function start(opts: { port: number }): Promise<{ url: string; stop(): Promise<void> }> {
  const bots = new Map<number, Bot>();
  const recorded: RecordedCall[] = [];
  const threads = new Map<string, ThreadMessage[]>();
  let updateId = 100_000;
  let messageId = 1;
  const thread = (botId: number, chatId: number) => {
    const key = `${botId}/${chatId}`;
    let list = threads.get(key);
    if (!list) threads.set(key, (list = []));
    return list;
  };

  function botOf(token: string): Bot | null {
    const match = TOKEN.exec(token);
    if (!match) return null;
    const id = Number(match[1]);
    let bot = bots.get(id);
    if (!bot) bots.set(id, (bot = { id, token, username: `parley_${id}_bot`, firstName: `Parley Bot ${id}`, webhook: null }));
    return bot.token === token ? bot : null;
  }

  async function botApi(req: IncomingMessage, res: ServerResponse, url: URL, token: string, method: string): Promise<void> {
    let params: Record<string, unknown>;
    try {
      params = await readParams(req, url);
    } catch {
      return fail(res, 400, "Bad Request: can't parse JSON object");
    }
    const bot = botOf(token);
    recorded.push({ method, botId: bot?.id ?? null, params: 'secret_token' in params ? { ...params, secret_token: '***' } : params, ts: Date.now() });
    if (!bot) return fail(res, 401, 'Unauthorized');
    switch (method) {
      case 'getMe':
        return json(res, 200, { ok: true, result: { id: bot.id, is_bot: true, first_name: bot.firstName, username: bot.username, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false } });
      case 'setWebhook': {
        const target = String(params.url ?? '');
        if (!target) {
          bot.webhook = null;
          return json(res, 200, { ok: true, result: true, description: 'Webhook was deleted' });
        }
        if (!/^https?:\/\//.test(target)) return fail(res, 400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
        const secret = params.secret_token === undefined ? undefined : String(params.secret_token);
        if (secret !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secret)) return fail(res, 400, 'Bad Request: secret token contains unallowed characters');
        bot.webhook = { url: target, ...(secret ? { secret } : {}), ...(Array.isArray(params.allowed_updates) ? { allowedUpdates: params.allowed_updates as string[] } : {}) };
        return json(res, 200, { ok: true, result: true, description: 'Webhook was set' });
      }
      case 'deleteWebhook':
        bot.webhook = null;
        return json(res, 200, { ok: true, result: true, description: 'Webhook was deleted' });
      case 'getWebhookInfo':
        return json(res, 200, { ok: true, result: { url: bot.webhook?.url ?? '', has_custom_certificate: false, pending_update_count: 0, ...(bot.webhook?.allowedUpdates ? { allowed_updates: bot.webhook.allowedUpdates } : {}) } });
      case 'sendMessage': {
        const chatId = Number(params.chat_id);
        const text = typeof params.text === 'string' ? params.text : '';
        if (!Number.isFinite(chatId)) return fail(res, 400, 'Bad Request: chat not found');
        if (!text) return fail(res, 400, 'Bad Request: message text is empty');
        if (text.length > 4096) return fail(res, 400, 'Bad Request: message is too long');
        const id = messageId++;
        thread(bot.id, chatId).push({ from: 'agent', text, at: Date.now(), messageId: String(id) });
        return json(res, 200, { ok: true, result: { message_id: id, from: { id: bot.id, is_bot: true, first_name: bot.firstName, username: bot.username }, chat: { id: chatId, type: chatId < 0 ? 'group' : 'private' }, date: Math.floor(Date.now() / 1000), text } });
      }
      case 'sendChatAction':
        if (!Number.isFinite(Number(params.chat_id))) return fail(res, 400, 'Bad Request: chat not found');
        return json(res, 200, { ok: true, result: true });
      default:
        return fail(res, 404, 'Not Found');
    }
  }

  /** Delivers an update to the bot's webhook exactly as Telegram does (JSON, the secret header). */
  async function deliver(bot: Bot, update: unknown): Promise<{ delivered: boolean; status: number }> {
    if (!bot.webhook) return { delivered: false, status: 0 };
    try {
      const res = await fetch(bot.webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(bot.webhook.secret ? { 'X-Telegram-Bot-Api-Secret-Token': bot.webhook.secret } : {}) },
        body: JSON.stringify(update),
      });
      await res.arrayBuffer();
      return { delivered: res.ok, status: res.status };
    } catch {
      return { delivered: false, status: 0 };
    }
  }

  async function simulator(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (url.pathname === '/__sim/endpoints') {
      const endpoints = [...bots.values()].filter((b) => b.webhook).map((b) => ({ id: String(b.id), channel: 'telegram', label: `@${b.username}` }));
      return json(res, 200, { endpoints });
    }
    if (url.pathname === '/__sim/thread') {
      const bot = bots.get(Number(url.searchParams.get('endpointId')));
      const messages = bot ? thread(bot.id, chatIdOf(url.searchParams.get('userId') ?? '')) : [];
      return json(res, 200, { messages });
    }
    if (url.pathname === '/__sim/inbound' && req.method === 'POST') {
      const body = (await readParams(req, url)) as { endpointId?: string; userId?: string; userName?: string; text?: string; chatType?: string; chatTitle?: string };
      const bot = bots.get(Number(body.endpointId));
      if (!bot || !bot.webhook) return json(res, 404, { error: 'No connected bot with this id.' });
      const userId = String(body.userId ?? 'sim-user');
      const group = body.chatType === 'group' || body.chatType === 'supergroup';
      const chatId = group ? -Math.abs(chatIdOf(userId)) : chatIdOf(userId);
      const fromId = chatIdOf(userId);
      const id = messageId++;
      const text = String(body.text ?? '');
      const [first, ...rest] = String(body.userName ?? 'Sim User').split(' ');
      const update = {
        update_id: ++updateId,
        message: {
          message_id: id,
          from: { id: fromId, is_bot: false, first_name: first, ...(rest.length ? { last_name: rest.join(' ') } : {}), language_code: 'en' },
          chat: group ? { id: chatId, type: body.chatType, title: body.chatTitle ?? 'Sim group' } : { id: chatId, type: 'private', first_name: first, ...(rest.length ? { last_name: rest.join(' ') } : {}) },
          date: Math.floor(Date.now() / 1000),
          text,
        },
      };
      thread(bot.id, chatId).push({ from: 'user', text, at: Date.now(), messageId: String(id) });
      const result = await deliver(bot, update);
      return json(res, 200, { ...result, messageId: String(id), updateId: update.update_id });
    }
    return json(res, 404, { error: 'Not found' });
  }

  return listen((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (answerPreflightOrRecorded(req, res, url, recorded, 'GET,POST,DELETE,OPTIONS')) return;
      if (url.pathname.startsWith('/__sim/')) return simulator(req, res, url);
      const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
      if (!match) return fail(res, 404, 'Not Found');
      return botApi(req, res, url, decodeURIComponent(match[1]!), match[2]!);
    })().catch(() => fail(res, 500, 'Internal Server Error'));
  }, opts.port);
}
