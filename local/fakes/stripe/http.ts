// Answers as Stripe's API answers: JSON, CORS open (Stripe.js calls from the page), a Request-Id on each.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { readBody } from '../listen';

export { readBody };

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'request-id': `req_${randomBytes(8).toString('hex')}`, ...headers });
  res.end(JSON.stringify(body));
}

export function html(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(body);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location });
  res.end();
}
