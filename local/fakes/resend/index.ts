/**
 * Stand-in for Resend's HTTP API (https://api.resend.com) plus a mailbox page.
 * Point the real `resend` client at it with RESEND_BASE_URL=http://127.0.0.1:9401.
 *
 *   POST /emails, POST /emails/batch, GET /emails/:id        sending (recorded, never delivered)
 *   POST /domains, GET /domains/:id, POST /domains/:id/verify, DELETE /domains/:id
 *                                                            domains: not_started → (verify) pending → verified
 *                                                            `verifyDelayMs` after the verify call (default 1.5 s);
 *                                                            names starting with `fail-` / `temp-` end in failure /
 *                                                            temporary_failure; a name already added answers 403
 *   GET /                                                    mailbox: every email, newest first, and the
 *                                                            Auth emulator's verification / sign-in links
 *   GET|DELETE /__recorded                                   what was received, as JSON / clear it
 *                                                            (GET adds `authEmails`, the Auth emulator's links)
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen } from '../listen';
import { z } from 'zod';
import { fetchAuthEmails, type AuthEmulatorSource } from './auth-links';
import { renderMailbox } from './mailbox';

export interface RecordedEmail {
  id: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  reply_to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  headers: Record<string, string>;
  tags: { name: string; value: string }[];
  /** Bearer key the caller used, redacted to its first characters. */
  apiKeyPrefix: string;
  created_at: string;
}

interface FakeDomain {
  id: string;
  name: string;
  status: 'not_started' | 'pending' | 'verified' | 'failure' | 'temporary_failure';
  region: string;
  /** When a verify call's check "completes" (ms since the epoch). */
  verifyAt?: number;
  created_at: string;
  records: { record: string; name: string; type: string; ttl: string; status: string; value: string; priority?: number }[];
}

/** Resend's error body: `{ statusCode, name, message }`. */
function resendError(res: ServerResponse, statusCode: number, name: string, message: string): void {
  json(res, statusCode, { statusCode, name, message });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
/** `email@example.com` or `Name <email@example.com>`, as Resend accepts. */
function isAddress(value: string): boolean {
  const named = /^[^<>]*<([^<>]+)>$/.exec(value.trim());
  return EMAIL.test(named ? (named[1] ?? '') : value.trim());
}

const addressList = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));

const sendSchema = z.object({
  from: z.string().optional(),
  to: addressList.optional(),
  subject: z.string().optional(),
  html: z.string().optional(),
  text: z.string().optional(),
  cc: addressList.optional(),
  bcc: addressList.optional(),
  reply_to: addressList.optional(),
  headers: z.record(z.string(), z.string()).optional(),
  tags: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
  template: z.object({ id: z.string() }).passthrough().optional(),
  scheduled_at: z.string().optional(),
  attachments: z.array(z.unknown()).optional(),
  topic_id: z.string().optional(),
});

type Validated = { ok: true; email: Omit<RecordedEmail, 'id' | 'created_at' | 'apiKeyPrefix'> } | { ok: false; name: string; message: string };

/** Validates like Resend does: 422 missing_required_field / validation_error with a readable message. */
export function validateEmail(body: unknown): Validated {
  const parsed = sendSchema.safeParse(body);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'body');
    return { ok: false, name: 'validation_error', message: `Invalid \`${field}\` field.` };
  }
  const input = parsed.data;
  for (const field of ['from', 'to', 'subject'] as const) {
    const value = input[field];
    if (value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === '')) {
      return { ok: false, name: 'missing_required_field', message: `Missing \`${field}\` field.` };
    }
  }
  if (input.html === undefined && input.text === undefined && input.template === undefined) {
    return { ok: false, name: 'missing_required_field', message: 'Missing `html` or `text` field.' };
  }
  const format = (field: string) =>
    `Invalid \`${field}\` field. The email address needs to follow the \`email@example.com\` or \`Name <email@example.com>\` format.`;
  if (!isAddress(input.from!)) return { ok: false, name: 'validation_error', message: format('from') };
  for (const field of ['to', 'cc', 'bcc', 'reply_to'] as const) {
    const list = input[field] ?? [];
    if (list.some((address) => !isAddress(address))) return { ok: false, name: 'validation_error', message: format(field) };
    if (list.length > 50) return { ok: false, name: 'validation_error', message: `Too many recipients in \`${field}\` (50 at most).` };
  }
  return {
    ok: true,
    email: {
      from: input.from!,
      to: input.to!,
      cc: input.cc ?? [],
      bcc: input.bcc ?? [],
      reply_to: input.reply_to ?? [],
      subject: input.subject!,
      html: input.html ?? null,
      text: input.text ?? null,
      headers: input.headers ?? {},
      tags: input.tags ?? [],
    },
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  return JSON.parse(text) as unknown;
}

function dnsRecords(domain: string): FakeDomain['records'] {
  return [
    { record: 'SPF', name: `send.${domain}`, type: 'MX', ttl: 'Auto', status: 'not_started', value: 'feedback-smtp.us-east-1.amazonses.com', priority: 10 },
    { record: 'SPF', name: `send.${domain}`, type: 'TXT', ttl: 'Auto', status: 'not_started', value: '"v=spf1 include:amazonses.com ~all"' },
    { record: 'DKIM', name: `resend._domainkey.${domain}`, type: 'TXT', ttl: 'Auto', status: 'not_started', value: 'p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDlocalfakekey' },
  ];
}

export interface ResendFake {
  url: string;
  emails(): RecordedEmail[];
  stop(): Promise<void>;
}

/**
 * `authEmulator`: where the Firebase Auth emulator runs; its out-of-band e-mails (verify your e-mail …) then
 * appear in the mailbox too (the stack passes it; without it only Resend's e-mails are shown).
 */
export async function start(opts: { port: number; authEmulator?: AuthEmulatorSource; verifyDelayMs?: number; now?: () => number }): Promise<ResendFake> {
  const verifyDelayMs = opts.verifyDelayMs ?? 1500;
  // Tests move time themselves instead of sleeping past the delay.
  const now = opts.now ?? Date.now;
  const emails: RecordedEmail[] = [];
  const domains = new Map<string, FakeDomain>();

  function record(email: Omit<RecordedEmail, 'id' | 'created_at' | 'apiKeyPrefix'>, key: string): RecordedEmail {
    const recorded = { id: randomUUID(), created_at: new Date().toISOString(), apiKeyPrefix: key.slice(0, 5), ...email };
    emails.push(recorded);
    return recorded;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';

    if (path === '/' && method === 'GET') {
      const authEmails = await fetchAuthEmails(opts.authEmulator);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(renderMailbox([...emails].reverse(), authEmails));
      return;
    }
    if (path === '/__recorded') {
      if (method === 'DELETE') {
        emails.length = 0;
        domains.clear();
        json(res, 200, { cleared: true });
      } else {
        json(res, 200, { emails, domains: [...domains.values()].map(({ verifyAt: _v, ...d }) => d), authEmails: await fetchAuthEmails(opts.authEmulator) });
      }
      return;
    }

    const auth = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!auth) {
      resendError(res, 401, 'missing_api_key', 'Missing API key in the authorization header. Include the following header: Authorization: Bearer YOUR_API_KEY in the request.');
      return;
    }
    const key = auth[1]!;
    if (!key.startsWith('re_')) {
      resendError(res, 403, 'invalid_api_key', 'API key is invalid');
      return;
    }

    let body: unknown;
    try {
      body = method === 'GET' || method === 'DELETE' ? {} : await readJson(req);
    } catch {
      resendError(res, 400, 'validation_error', 'Invalid JSON body.');
      return;
    }

    if (path === '/emails' && method === 'POST') {
      const result = validateEmail(body);
      if (!result.ok) return resendError(res, 422, result.name, result.message);
      json(res, 200, { id: record(result.email, key).id });
      return;
    }
    if (path === '/emails/batch' && method === 'POST') {
      if (!Array.isArray(body)) return resendError(res, 422, 'validation_error', 'The batch body must be an array of emails.');
      const results = body.map(validateEmail);
      const failed = results.findIndex((r) => !r.ok);
      if (failed >= 0) {
        const r = results[failed] as { name: string; message: string };
        return resendError(res, 422, r.name, `emails[${failed}]: ${r.message}`);
      }
      const ids = results.map((r) => record((r as { ok: true; email: RecordedEmail }).email, key).id);
      json(res, 200, { data: ids.map((id) => ({ id })) });
      return;
    }
    const emailMatch = /^\/emails\/([^/]+)$/.exec(path);
    if (emailMatch && method === 'GET') {
      const email = emails.find((e) => e.id === emailMatch[1]);
      if (!email) return resendError(res, 404, 'not_found', 'Email not found');
      const { apiKeyPrefix: _key, ...rest } = email;
      json(res, 200, { object: 'email', ...rest, last_event: 'delivered' });
      return;
    }

    if (path === '/domains' && method === 'POST') {
      const parsed = z.object({ name: z.string().min(1), region: z.string().optional() }).safeParse(body);
      if (!parsed.success) return resendError(res, 422, 'missing_required_field', 'Missing `name` field.');
      if ([...domains.values()].some((d) => d.name === parsed.data.name.toLowerCase())) {
        return resendError(res, 403, 'validation_error', `The ${parsed.data.name} domain has been registered already.`);
      }
      const domain: FakeDomain = {
        id: randomUUID(),
        name: parsed.data.name.toLowerCase(),
        status: 'not_started',
        region: parsed.data.region ?? 'us-east-1',
        created_at: new Date().toISOString(),
        records: dnsRecords(parsed.data.name),
      };
      domains.set(domain.id, domain);
      json(res, 200, { object: 'domain', ...domain });
      return;
    }
    const domainMatch = /^\/domains\/([^/]+)(\/verify)?$/.exec(path);
    if (domainMatch) {
      const domain = domains.get(domainMatch[1]!);
      if (!domain) return resendError(res, 404, 'not_found', 'Domain not found');
      if (domainMatch[2] && method === 'POST') {
        if (domain.status !== 'verified') {
          domain.status = 'pending';
          domain.verifyAt = now() + verifyDelayMs;
          domain.records = domain.records.map((r) => ({ ...r, status: 'pending' }));
        }
        json(res, 200, { object: 'domain', id: domain.id });
        return;
      }
      if (method === 'GET') {
        // The provider's check "completes" a little after Verify, like DNS propagating.
        if (domain.status === 'pending' && domain.verifyAt !== undefined && now() >= domain.verifyAt) {
          const outcome = domain.name.startsWith('fail-') ? 'failure' : domain.name.startsWith('temp-') ? 'temporary_failure' : 'verified';
          domain.status = outcome;
          domain.records = domain.records.map((r) => ({ ...r, status: outcome === 'verified' ? 'verified' : 'failed' }));
        }
        const { verifyAt: _verifyAt, ...visible } = domain;
        json(res, 200, { object: 'domain', ...visible, records: domain.records.map((r) => ({ ...r })) });
        return;
      }
      if (method === 'DELETE') {
        domains.delete(domain.id);
        json(res, 200, { object: 'domain', id: domain.id, deleted: true });
        return;
      }
    }
    resendError(res, 404, 'not_found', `The requested endpoint ${method} ${path} does not exist.`);
  }

  const server = await listen((req, res) => {
    handle(req, res).catch(() => resendError(res, 500, 'application_error', 'Internal server error.'));
  }, opts.port);
  return {
    ...server,
    emails: () => [...emails],
  };
}
