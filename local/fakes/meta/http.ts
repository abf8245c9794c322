// Reading and answering requests as the Graph API does (JSON, or a form body).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../listen';

export { readBody };

export function parseBody(text: string, contentType: string | undefined): Record<string, unknown> {
  if (!text) return {};
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return Object.fromEntries(new URLSearchParams(text));
  }
}

export const readJson = async (req: IncomingMessage): Promise<Record<string, unknown>> => parseBody(await readBody(req), 'application/json');

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/** The simulator page calls from another origin. */
export const simCors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'GET,POST,DELETE,OPTIONS' };
