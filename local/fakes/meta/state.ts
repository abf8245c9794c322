// What the Meta stand-in remembers while it runs: tokens and login codes, our app's and the pages' and WABAs'
// webhook subscriptions, registered numbers, templates, the simulated conversations, and what it received and sent.
import { randomBytes } from 'node:crypto';
import type { ThreadMessage as SimThreadMessage } from '../channel-sim';
import type { WhatsappStatus } from './payloads';
import type { SimProfile } from './profiles';
import { FAKE_LEGACY, FAKE_NUMBERS, type FakeNumber } from './world';

export const DAY_MS = 24 * 3600 * 1000;

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The bearer's kind (user, page, business, legacy, app), never the token itself. */
  auth: string | null;
  body: unknown;
  ts: number;
}

export interface RecordedWebhook {
  url: string;
  object: string;
  status: number;
  body: unknown;
  ts: number;
}

export interface ThreadMessage extends SimThreadMessage {
  status?: WhatsappStatus;
}

export type Token =
  | { kind: 'user-short' | 'user-long' }
  | { kind: 'page'; pageId: string }
  | { kind: 'business'; wabaIds: string[] }
  | { kind: 'legacy' }
  | { kind: 'app' };

interface Subscription {
  object: string;
  callbackUrl: string;
  verifyToken: string;
  fields: string[];
}

export interface MetaFakeOptions {
  port: number;
  appId?: string;
  appSecret?: string;
  /** Status webhooks (sent, delivered) after a WhatsApp send; off in tests that count webhooks. */
  statusCallbacks?: boolean;
  statusDelayMs?: number;
}

/** A Graph error as Meta answers it: { error: { message, type, code, error_subcode, fbtrace_id } }. */
export class GraphFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number,
    readonly type = 'OAuthException',
    readonly subcode?: number,
  ) {
    super(message);
  }
}

export const newId = (prefix = ''): string => `${prefix}${BigInt(`0x${randomBytes(7).toString('hex')}`).toString().slice(0, 16)}`;
export const newToken = (prefix: string): string => `${prefix}${randomBytes(24).toString('base64url')}`;

export function createState(opts: MetaFakeOptions) {
  const threads = new Map<string, ThreadMessage[]>();
  const threadKey = (endpointId: string, userId: string): string => `${endpointId}\n${userId}`;
  return {
    appId: opts.appId ?? 'local-meta-app',
    appSecret: opts.appSecret ?? 'local-meta-secret',
    statusCallbacks: opts.statusCallbacks ?? true,
    statusDelayMs: opts.statusDelayMs ?? 30,
    /** This fake's own origin (the SDK and popup point back at it); set once it listens. */
    origin: '',
    tokens: new Map<string, Token>([[FAKE_LEGACY.accessToken, { kind: 'legacy' }]]),
    codes: new Map<string, { wabaIds: string[] }>(),
    subscriptions: new Map<string, Subscription>(),
    pageSubscriptions: new Map<string, string[]>(),
    wabaSubscriptions: new Set<string>(),
    registered: new Map<string, string>(),
    templates: new Map<string, { id: string; name: string; language: string; category: string; status: string }>(),
    threads,
    lastInbound: new Map<string, number>(),
    /** Messenger and Instagram users the simulator wrote as, by PSID/IGSID. */
    profiles: new Map<string, SimProfile>(),
    recorded: [] as RecordedRequest[],
    webhooks: [] as RecordedWebhook[],
    allNumbers: [...FAKE_NUMBERS, FAKE_LEGACY.number] as FakeNumber[],
    threadKey,
    threadOf(endpointId: string, userId: string): ThreadMessage[] {
      const key = threadKey(endpointId, userId);
      if (!threads.has(key)) threads.set(key, []);
      return threads.get(key)!;
    },
  };
}

export type MetaState = ReturnType<typeof createState>;

/** Meta's hub.challenge handshake against a callback URL: whether it echoed the challenge, and its status. */
export async function handshake(callbackUrl: string, verifyToken: string): Promise<{ verified: boolean; status: number }> {
  const challenge = String(Math.floor(Math.random() * 1e9));
  const check = new URL(callbackUrl);
  check.searchParams.set('hub.mode', 'subscribe');
  check.searchParams.set('hub.challenge', challenge);
  check.searchParams.set('hub.verify_token', verifyToken);
  try {
    const r = await fetch(check, { signal: AbortSignal.timeout(10_000) });
    const status = r.status;
    return { verified: (await r.text()).trim() === challenge, status };
  } catch {
    return { status: 0, verified: false };
  }
}
