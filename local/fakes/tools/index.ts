/**
 * A tools stand-in: the kind of HTTP endpoints a workspace connects as agent tools, so the Functions page, the
 * test call and conversations have something local to call. Every request is recorded with its headers, the
 * secret header (X-Parley-Secret) included, so tests can see exactly what reached the server.
 *   GET  /orders/status?order_id=1234         { order_id, status, summary } (404 for an unknown order)
 *   GET  /appointments/slots?date=2026-12-01  { date, slots: ['09:00', …] } (400 for a bad date)
 *   POST /leads/lookup { email }              { email, name, company, stage } (404 for an unknown lead)
 *   GET  /redirect?to=URL                     302 to URL (redirect checks)
 * Control (no real server has these):
 *   POST /__control { delayMs }   answers that much later (timeouts); { reset: true } undoes it
 *   GET /__recorded, DELETE /__recorded        the requests it received
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, readBody } from '../listen';
import { LEADS, ORDERS, slotsOn } from './data';

export interface ToolRequestRecord {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Lower-case names, the secret header included. */
  headers: Record<string, string>;
  body: string;
  ts: number;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

// Unref'd: a held answer never keeps a test process alive.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

function serveTool(req: IncomingMessage, res: ServerResponse, url: URL, body: string): void {
  const path = url.pathname;
  if (path === '/orders/status' && req.method === 'GET') {
    const id = url.searchParams.get('order_id') ?? '';
    const order = ORDERS[id];
    return order ? json(res, 200, { order_id: id, ...order }) : json(res, 404, { error: `There is no order ${id || '(none given)'}.` });
  }
  if (path === '/appointments/slots' && req.method === 'GET') {
    const date = url.searchParams.get('date') ?? '';
    const slots = slotsOn(date);
    return slots ? json(res, 200, { date, slots }) : json(res, 400, { error: 'Give the date as YYYY-MM-DD.' });
  }
  if (path === '/leads/lookup' && req.method === 'POST') {
    const email = String(parseJson(body).email ?? '').toLowerCase();
    const lead = LEADS[email];
    return lead ? json(res, 200, { email, ...lead }) : json(res, 404, { error: `No lead with the e-mail ${email || '(none given)'}.` });
  }
  if (path === '/redirect') {
    res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
    res.end();
    return;
  }
  json(res, 404, { error: `Unknown path ${path}` });
}

export async function start(opts: { port: number }) {
  const recorded: ToolRequestRecord[] = [];
  let delayMs = 0;
  const pending = new Set<ServerResponse>();
  return listen(
    (req, res) => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://tools');
        const body = await readBody(req);
        if (url.pathname === '/__recorded') {
          if (req.method === 'DELETE') recorded.length = 0;
          return json(res, 200, req.method === 'DELETE' ? { ok: true } : recorded);
        }
        if (url.pathname === '/__control') {
          const control = parseJson(body);
          if (control.reset) delayMs = 0;
          if (typeof control.delayMs === 'number') delayMs = control.delayMs;
          return json(res, 200, { delayMs });
        }
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
        recorded.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body, ts: Date.now() });
        if (delayMs > 0) {
          pending.add(res);
          await sleep(delayMs);
          pending.delete(res);
        }
        serveTool(req, res, url, body);
      })().catch(() => json(res, 500, { error: 'The stand-in failed.' }));
    },
    opts.port,
    () => {
      for (const res of pending) res.destroy();
    },
  );
}
