// A Voiceflow Dialog API stand-in: POST /state/user/{userID}/interact answers with speak/text traces.
// Authorization is the dialogue API key itself (no "Bearer"), as with the real runtime. Replies are
// derived from the request (launch greets the user id, text echoes what was said and the turn number).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen } from '../listen';

export interface RecordedInteract {
  userID: string;
  authorization: string;
  body: unknown;
  ts: number;
}

type Action = { type: 'launch' } | { type: 'text'; payload: string } | { type: string; payload?: unknown };

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text.trim() ? JSON.parse(text) : {};
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Keys the fake accepts: any key starting with VF.DM. (the real prefix of dialogue API keys). */
export const isValidKey = (key: string): boolean => /^VF\.DM\.[A-Za-z0-9.]+$/.test(key);

export async function start(opts: { port: number }): Promise<{ url: string; stop(): Promise<void> }> {
  const recorded: RecordedInteract[] = [];
  const turns = new Map<string, number>();
  return listen((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (url.pathname === '/__recorded') {
        if (req.method === 'DELETE') recorded.length = 0;
        return json(res, 200, req.method === 'DELETE' ? { ok: true } : recorded);
      }
      const match = /^\/state\/user\/([^/]+)\/interact$/.exec(url.pathname);
      if (!match || req.method !== 'POST') return json(res, 404, { message: 'Not found' });
      const userID = decodeURIComponent(match[1] ?? '');
      const key = req.headers.authorization ?? '';
      let body: { action?: Action };
      try {
        body = (await readJson(req)) as { action?: Action };
      } catch {
        return json(res, 400, { message: 'Invalid JSON' });
      }
      recorded.push({ userID, authorization: key ? `${key.slice(0, 6)}***` : '', body, ts: Date.now() });
      if (!isValidKey(key)) return json(res, 401, { message: 'Auth Key Required' });
      const action = body.action;
      if (!action || typeof action.type !== 'string') return json(res, 400, { message: 'action is required' });
      const turn = (turns.get(userID) ?? 0) + 1;
      turns.set(userID, turn);
      if (action.type === 'launch') {
        const text = `Welcome, ${userID}. This is turn ${turn} of the Voiceflow project.`;
        return json(res, 200, [
          { type: 'speak', payload: { type: 'message', message: text } },
          { type: 'text', payload: { message: 'What would you like to know?', slate: { content: [] } } },
        ]);
      }
      if (action.type === 'text') {
        const said = String((action as { payload?: unknown }).payload ?? '');
        return json(res, 200, [
          { type: 'text', payload: { message: `Voiceflow heard "${said}" (turn ${turn}).` } },
          { type: 'speak', payload: { type: 'message', message: `Anything else about ${said.split(/\s+/).slice(-1)[0] ?? 'that'}?` } },
        ]);
      }
      return json(res, 200, [{ type: 'end' }]);
    })();
  }, opts.port);
}
