// What the channel stand-ins (Telegram, Discord, Meta) share for the channel simulator: one conversation's messages,
// and the routes every one of them answers before its own API.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** One message of a simulated conversation, as GET /__sim/thread lists it. */
export interface ThreadMessage {
  from: 'user' | 'agent';
  text: string;
  at: number;
  messageId: string;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify(body));
}

/**
 * Answers the browser's CORS preflight (the simulator page calls from another origin) and GET/DELETE /__recorded
 * (what the fake received; DELETE empties it). True when it answered.
 */
export function answerPreflightOrRecorded(req: IncomingMessage, res: ServerResponse, url: URL, recorded: unknown[], methods: string): boolean {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': methods, 'access-control-allow-headers': 'content-type' });
    res.end();
    return true;
  }
  if (url.pathname !== '/__recorded') return false;
  if (req.method === 'DELETE') {
    recorded.length = 0;
    json(res, 200, { ok: true });
  } else json(res, 200, recorded);
  return true;
}
