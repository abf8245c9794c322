/**
 * A webhook receiver stand-in: the endpoint a workspace points its events at. Each inbox is a path of its own
 * (`/hooks/<name>`), so journeys never see each other's deliveries. It records every delivery with its headers and
 * checks the Standard Webhooks signature itself (HMAC-SHA256 of `id.timestamp.body` with the `whsec_` secret it
 * was given, within 5 minutes), as a receiver would.
 *   POST /hooks/<name>                     a delivery: answered with the inbox's status (200 unless told)
 * Control (no real receiver has these):
 *   POST /__control { path, status?, secret? }   how the inbox answers, and the secret it checks signatures with
 *   GET /__recorded?path=/hooks/<name>           the deliveries it got, each with `signature`: valid|invalid|unchecked
 *   DELETE /__recorded                           forgets every delivery and setting
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { listen, readBody } from '../listen';

export type SignatureResult = 'valid' | 'invalid' | 'unchecked';

export interface SinkDelivery {
  path: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
  status: number;
  signature: SignatureResult;
  ts: number;
}

const TOLERANCE_SECONDS = 300;

/** The receiver's own check of a delivery (independent of the sender's code). */
export function checkSignature(secret: string, headers: Record<string, string>, body: string, nowSeconds = Math.floor(Date.now() / 1000)): SignatureResult {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = (headers['webhook-signature'] ?? '').split(' ').filter((s) => s.startsWith('v1,'));
  if (!id || !timestamp || signatures.length === 0 || Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) return 'invalid';
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  const ok = signatures.some((s) => {
    const given = Buffer.from(s.slice(3), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return ok ? 'valid' : 'invalid';
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function start(opts: { port: number }) {
  const recorded: SinkDelivery[] = [];
  const inboxes = new Map<string, { status: number; secret: string }>();
  return listen((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sink');
      const body = await readBody(req);
      if (url.pathname === '/__recorded') {
        if (req.method === 'DELETE') {
          recorded.length = 0;
          inboxes.clear();
          return json(res, 200, { ok: true });
        }
        const path = url.searchParams.get('path');
        return json(res, 200, path ? recorded.filter((d) => d.path === path) : recorded);
      }
      if (url.pathname === '/__control' && req.method === 'POST') {
        const control = JSON.parse(body || '{}') as { path?: string; status?: number; secret?: string };
        if (!control.path?.startsWith('/hooks/')) return json(res, 400, { error: 'Name the inbox: path /hooks/<name>.' });
        const inbox = { status: 200, secret: '', ...inboxes.get(control.path) };
        if (typeof control.status === 'number') inbox.status = control.status;
        if (typeof control.secret === 'string') inbox.secret = control.secret;
        inboxes.set(control.path, inbox);
        return json(res, 200, inbox.secret ? { ...inbox, secret: '(set)' } : inbox);
      }
      if (url.pathname.startsWith('/hooks/') && req.method === 'POST') {
        const inbox = inboxes.get(url.pathname) ?? { status: 200, secret: '' };
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
        const signature = inbox.secret ? checkSignature(inbox.secret, headers, body) : 'unchecked';
        recorded.push({ path: url.pathname, headers, body, status: inbox.status, signature, ts: Date.now() });
        return json(res, inbox.status, inbox.status < 300 ? { received: true } : { error: 'The receiver is failing (stand-in control).' });
      }
      json(res, 404, { error: `Unknown path ${url.pathname}` });
    })().catch(() => json(res, 500, { error: 'The stand-in failed.' }));
  }, opts.port);
}
