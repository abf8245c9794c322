// A Discord stand-in: channel webhooks (GET and POST /api[/v10]/webhooks/{id}/{token}, as Discord executes them),
// interaction follow-ups (POST /api[/v10]/webhooks/{applicationId}/{interactionToken}) and HTTP interactions sent
// to our endpoint, signed with Ed25519 (X-Signature-Ed25519 over X-Signature-Timestamp + body) by this fake's
// application key, whose public key the functions get through functionsEnv. Two text channels exist, each with a
// webhook (GET /__sim/channels lists them for the Discord connect form). Records every call at GET/DELETE
// /__recorded; the channel simulator API (/__sim/endpoints, /__sim/inbound, /__sim/thread) plays a server member
// typing `/ask`. As on Discord, a member can only type a command the application registered (PUT
// /api/v10/applications/{id}/commands with the bot token, which local/deploy/register-discord-commands.ts does).
import { createHash, createPrivateKey, createPublicKey, randomBytes, sign } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerPreflightOrRecorded, type ThreadMessage } from '../channel-sim';
import { listen } from '../listen';

/** Our fake application's id (install link, follow-ups). */
export const FAKE_APPLICATION_ID = '1200000000000000001';
const GUILD_ID = '1300000000000000001';
/** Our fake application's bot token (Developer Portal → Bot → Token): command registration. */
export const FAKE_BOT_TOKEN = 'MTIwMDAwMDAwMDAwMDAwMDAwMQ.local.parley-discord-bot-token';

interface RegisteredCommand {
  id: string;
  application_id: string;
  version: string;
  type: number;
  name: string;
  description: string;
  options: Array<{ type: number; name: string; description: string; required?: boolean }>;
}

/** Discord's checks on a bulk overwrite of global commands: the first problem, or null. */
function commandProblem(list: unknown): string | null {
  if (!Array.isArray(list)) return 'Expected an array of commands.';
  if (list.length > 100) return 'Must be 100 or fewer in length.';
  for (const c of list as Array<Record<string, unknown>>) {
    if (typeof c?.name !== 'string' || !/^[-_\p{L}\p{N}]{1,32}$/u.test(c.name) || c.name !== c.name.toLowerCase()) return 'Invalid command name.';
    const type = c.type ?? 1;
    if (type === 1 && (typeof c.description !== 'string' || c.description.length < 1 || c.description.length > 100)) return 'Must be between 1 and 100 in length.';
    const options = (c.options ?? []) as Array<Record<string, unknown>>;
    if (!Array.isArray(options) || options.length > 25) return 'Must be 25 or fewer in length.';
    for (const o of options) {
      if (typeof o?.name !== 'string' || !/^[-_\p{L}\p{N}]{1,32}$/u.test(o.name)) return 'Invalid option name.';
      if (typeof o.description !== 'string' || o.description.length < 1 || o.description.length > 100) return 'Must be between 1 and 100 in length.';
    }
  }
  return null;
}

// A fixed key, so the functions can be told its public key before the fake starts.
const SEED = createHash('sha256').update('parley-local-discord-application').digest();
const PRIVATE_KEY = createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), SEED]), format: 'der', type: 'pkcs8' });
/** Hex Ed25519 public key, as the Developer Portal shows it. */
export const FAKE_PUBLIC_KEY = (createPublicKey(PRIVATE_KEY).export({ format: 'der', type: 'spki' }) as Buffer).subarray(12).toString('hex');

/** What the functions need to talk to this fake. */
export function functionsEnv(url: string): Record<string, string> {
  return { DISCORD_API_BASE: `${url}/api/v10`, DISCORD_APPLICATION_ID: FAKE_APPLICATION_ID, DISCORD_PUBLIC_KEY: FAKE_PUBLIC_KEY };
}

/** Signs an interaction body as Discord does. */
export function signInteraction(body: string, timestamp = String(Math.floor(Date.now() / 1000))): { signature: string; timestamp: string } {
  return { signature: sign(null, Buffer.concat([Buffer.from(timestamp), Buffer.from(body)]), PRIVATE_KEY).toString('hex'), timestamp };
}

interface Channel {
  channelId: string;
  name: string;
  webhookId: string;
  webhookToken: string;
  /** The functions checked this channel's webhook (a connect): the simulator lists it. */
  connected: boolean;
}
export interface RecordedCall {
  kind: 'webhook' | 'follow-up' | 'webhook-info' | 'interaction' | 'commands';
  path: string;
  body: unknown;
  status: number;
  ts: number;
}

let snowflake = BigInt('1400000000000000000');
const nextId = () => String(++snowflake);

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  res.end(status === 204 ? undefined : JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text.trim() ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** A member id for a simulator user: digits stay, a name gets a stable snowflake. */
function memberIdOf(userId: string): string {
  if (/^\d{5,20}$/.test(userId)) return userId;
  return (BigInt('1500000000000000000') + BigInt(`0x${createHash('sha256').update(userId).digest('hex').slice(0, 12)}`)).toString();
}

export async function start(opts: { port: number; interactionsUrl?: string }): Promise<{ url: string; stop(): Promise<void> }> {
  const recorded: RecordedCall[] = [];
  const channels = new Map<string, Channel>();
  const threads = new Map<string, ThreadMessage[]>();
  /** The application's global commands, as the last bulk overwrite left them. */
  let commands: RegisteredCommand[] = [];
  /** Open interactions: token → where its follow-up belongs. */
  const interactions = new Map<string, { channelId: string; memberId: string; answered: boolean }>();
  const hostingPort = process.env.PARLEY_PORT_HOSTING || '5000';
  let interactionsUrl = opts.interactionsUrl ?? process.env.DISCORD_INTERACTIONS_URL ?? `http://127.0.0.1:${hostingPort}/v2/channels/discord/interactions`;
  const addChannel = (name: string, channelId = nextId()) => {
    const channel: Channel = { channelId, name, webhookId: nextId(), webhookToken: randomBytes(34).toString('base64url'), connected: false };
    channels.set(channelId, channel);
    return channel;
  };
  addChannel('general', '1100000000000000001');
  addChannel('support', '1100000000000000002');
  const thread = (channelId: string, memberId: string) => {
    const key = `${channelId}/${memberId}`;
    let list = threads.get(key);
    if (!list) threads.set(key, (list = []));
    return list;
  };
  let base = '';
  const webhookUrl = (c: Channel) => `${base}/api/webhooks/${c.webhookId}/${c.webhookToken}`;

  async function webhooks(req: IncomingMessage, res: ServerResponse, path: string, id: string, token: string): Promise<void> {
    if (id === FAKE_APPLICATION_ID) {
      const open = interactions.get(token);
      const body = req.method === 'POST' || req.method === 'PATCH' ? await readJson(req) : {};
      const status = open ? 200 : 404;
      recorded.push({ kind: 'follow-up', path: path.replace(token, '***'), body, status, ts: Date.now() });
      if (!open) return json(res, 404, { message: 'Unknown Webhook', code: 10015 });
      const messageId = nextId();
      open.answered = true;
      thread(open.channelId, open.memberId).push({ from: 'agent', text: String(body.content ?? ''), at: Date.now(), messageId });
      return json(res, 200, { id: messageId, channel_id: open.channelId, content: body.content ?? '', webhook_id: FAKE_APPLICATION_ID });
    }
    const channel = [...channels.values()].find((c) => c.webhookId === id && c.webhookToken === token);
    if (req.method === 'GET') {
      recorded.push({ kind: 'webhook-info', path: path.replace(token, '***'), body: null, status: channel ? 200 : 404, ts: Date.now() });
      if (!channel) return json(res, 404, { message: 'Unknown Webhook', code: 10015 });
      channel.connected = true;
      return json(res, 200, { id: channel.webhookId, type: 1, guild_id: GUILD_ID, channel_id: channel.channelId, name: 'Parley', avatar: null, application_id: null, token: channel.webhookToken });
    }
    if (req.method !== 'POST') return json(res, 405, { message: '405: Method Not Allowed', code: 0 });
    const body = await readJson(req);
    recorded.push({ kind: 'webhook', path: path.replace(token, '***'), body, status: channel ? 200 : 404, ts: Date.now() });
    if (!channel) return json(res, 404, { message: 'Unknown Webhook', code: 10015 });
    const content = String(body.content ?? '');
    if (!content || content.length > 2000) return json(res, 400, { message: 'Invalid Form Body', code: 50035 });
    // A message for one member starts with their mention.
    const mention = /^<@!?(\d+)>\s*/.exec(content);
    const messageId = nextId();
    if (mention) thread(channel.channelId, mention[1]!).push({ from: 'agent', text: content.slice(mention[0].length), at: Date.now(), messageId });
    const wait = new URL(req.url ?? '/', 'http://fake').searchParams.get('wait') === 'true';
    return wait ? json(res, 200, { id: messageId, channel_id: channel.channelId, content }) : json(res, 204, null);
  }

  /** GET / PUT (bulk overwrite) /applications/{id}/commands, authorised by the bot token as Discord requires. */
  async function applicationCommands(req: IncomingMessage, res: ServerResponse, path: string, applicationId: string): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const record = (status: number, body: unknown) => {
      recorded.push({ kind: 'commands', path: `${req.method} ${path}`, body, status, ts: Date.now() });
      return json(res, status, body);
    };
    if (req.headers.authorization !== `Bot ${FAKE_BOT_TOKEN}`) return record(401, { message: '401: Unauthorized', code: 0 });
    if (applicationId !== FAKE_APPLICATION_ID) return record(403, { message: 'Missing Access', code: 50001 });
    if (req.method === 'GET') return json(res, 200, commands);
    if (req.method !== 'PUT') return json(res, 405, { message: '405: Method Not Allowed', code: 0 });
    let list: unknown;
    try {
      list = JSON.parse(raw);
    } catch {
      return record(400, { message: '400: Bad Request', code: 50109 });
    }
    const problem = commandProblem(list);
    if (problem) return record(400, { message: 'Invalid Form Body', code: 50035, errors: { _errors: [{ code: 'BASE_TYPE_BAD', message: problem }] } });
    // An overwrite keeps the id of a command that keeps its name, as Discord does.
    commands = (list as Array<Record<string, unknown>>).map((c) => ({
      id: commands.find((old) => old.name === c.name)?.id ?? nextId(),
      application_id: applicationId,
      version: nextId(),
      type: typeof c.type === 'number' ? c.type : 1,
      name: String(c.name),
      description: String(c.description ?? ''),
      options: (c.options ?? []) as RegisteredCommand['options'],
    }));
    return record(200, commands);
  }

  async function simulator(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (url.pathname === '/__sim/channels') {
      if (req.method === 'POST') {
        const body = await readJson(req);
        const c = addChannel(String(body.name ?? 'channel'));
        return json(res, 200, { channelId: c.channelId, name: c.name, webhookUrl: webhookUrl(c) });
      }
      return json(res, 200, { channels: [...channels.values()].map((c) => ({ channelId: c.channelId, name: c.name, webhookUrl: webhookUrl(c) })), applicationId: FAKE_APPLICATION_ID, publicKey: FAKE_PUBLIC_KEY });
    }
    if (url.pathname === '/__sim/config' && req.method === 'POST') {
      const body = await readJson(req);
      if (typeof body.interactionsUrl === 'string') interactionsUrl = body.interactionsUrl;
      return json(res, 200, { interactionsUrl });
    }
    if (url.pathname === '/__sim/endpoints') {
      return json(res, 200, { endpoints: [...channels.values()].filter((c) => c.connected).map((c) => ({ id: c.channelId, channel: 'discord', label: `#${c.name}` })) });
    }
    if (url.pathname === '/__sim/thread') {
      const channelId = url.searchParams.get('endpointId') ?? '';
      return json(res, 200, { messages: threads.get(`${channelId}/${memberIdOf(url.searchParams.get('userId') ?? '')}`) ?? [] });
    }
    if (url.pathname === '/__sim/inbound' && req.method === 'POST') {
      const body = await readJson(req);
      const channel = channels.get(String(body.endpointId ?? ''));
      if (!channel) return json(res, 404, { error: 'No channel with this id.' });
      const ask = commands.find((c) => c.name === 'ask' && c.type === 1);
      if (!ask) return json(res, 409, { error: 'The application has no /ask command: register it (npm run discord:commands).' });
      const memberId = memberIdOf(String(body.userId ?? 'sim-user'));
      const name = String(body.userName ?? 'Sim User');
      const text = String(body.text ?? '');
      const token = `aW50ZXJhY3Rpb246${randomBytes(40).toString('base64url')}`;
      const interaction = {
        id: nextId(),
        application_id: FAKE_APPLICATION_ID,
        type: 2,
        token,
        version: 1,
        guild_id: GUILD_ID,
        channel_id: channel.channelId,
        member: { user: { id: memberId, username: name.toLowerCase().replace(/[^a-z0-9_.]/g, ''), global_name: name, discriminator: '0' }, nick: null, roles: [] },
        data: { id: ask.id, name: ask.name, type: 1, options: [{ name: ask.options[0]?.name ?? 'question', type: 3, value: text }] },
      };
      interactions.set(token, { channelId: channel.channelId, memberId, answered: false });
      thread(channel.channelId, memberId).push({ from: 'user', text, at: Date.now(), messageId: interaction.id });
      const raw = JSON.stringify(interaction);
      const { signature, timestamp } = signInteraction(raw);
      let status = 0;
      let answer: unknown = null;
      try {
        const r = await fetch(interactionsUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Signature-Ed25519': signature, 'X-Signature-Timestamp': timestamp }, body: raw });
        status = r.status;
        answer = await r.json().catch(() => null);
      } catch {
        status = 0;
      }
      recorded.push({ kind: 'interaction', path: interactionsUrl, body: { id: interaction.id, channel_id: channel.channelId, answer }, status, ts: Date.now() });
      // An immediate answer (type 4) is shown like a reply.
      const immediate = answer as { type?: number; data?: { content?: string } } | null;
      if (immediate?.type === 4 && immediate.data?.content) thread(channel.channelId, memberId).push({ from: 'agent', text: immediate.data.content, at: Date.now(), messageId: nextId() });
      return json(res, 200, { delivered: status >= 200 && status < 300, status, messageId: interaction.id });
    }
    return json(res, 404, { error: 'Not found' });
  }

  const server = await listen((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (answerPreflightOrRecorded(req, res, url, recorded, 'GET,POST,PUT,PATCH,DELETE,OPTIONS')) return;
      if (url.pathname.startsWith('/__sim/')) return simulator(req, res, url);
      const commandsPath = /^\/api(?:\/v\d+)?\/applications\/(\d+)\/commands\/?$/.exec(url.pathname);
      if (commandsPath) return applicationCommands(req, res, url.pathname, commandsPath[1]!);
      const match = /^\/api(?:\/v\d+)?\/webhooks\/(\d+)\/([^/]+)(?:\/messages\/@original)?\/?$/.exec(url.pathname);
      if (match) return webhooks(req, res, url.pathname, match[1]!, decodeURIComponent(match[2]!));
      if (url.pathname === '/oauth2/authorize') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(`<!doctype html><title>Add to server</title><h1>Add Parley to a server (local stand-in)</h1><p>Permissions: ${url.searchParams.get('permissions') ?? ''}</p>`);
      }
      return json(res, 404, { message: '404: Not Found', code: 0 });
    })().catch(() => json(res, 500, { message: 'Internal Server Error', code: 0 }));
  }, opts.port);
  base = server.url;
  return server;
}
