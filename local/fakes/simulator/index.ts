// The channel simulator (port 9411): a page where a developer writes to a connected WhatsApp number, Telegram bot,
// Messenger page or Discord channel as an end user and reads the agent's answers (page.ts). It talks to the
// channel stand-ins' simulator API (/__sim/*, CORS *) straight from the browser; it stores nothing itself.
import { portOverride } from '../../stack/ports';
import { listen } from '../listen';
import { renderSimulator, type SimulatorSource } from './page';

/** The channel stand-ins the simulator reads, on their own fixed ports (PARLEY_PORT_<NAME> moves one). */
export const CHANNEL_FAKES = { meta: 9405, telegram: 9406, discord: 9407 } as const;

export function defaultSources(env: NodeJS.ProcessEnv = process.env): SimulatorSource[] {
  return Object.entries(CHANNEL_FAKES).map(([name, port]) => ({ name, url: `http://127.0.0.1:${portOverride(name, port, env)}` }));
}

export async function start(opts: { port: number; sources?: SimulatorSource[]; mailboxUrl?: string | null; pollMs?: number }): Promise<{ url: string; stop(): Promise<void> }> {
  const sources = opts.sources ?? defaultSources();
  const mailboxUrl = opts.mailboxUrl === undefined ? `http://127.0.0.1:${portOverride('resend', 9401)}/` : opts.mailboxUrl;
  return listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (req.method === 'GET' && (url.pathname === '/' || url.pathname === '/index.html')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(renderSimulator(sources, { mailboxUrl, ...(opts.pollMs ? { pollMs: opts.pollMs } : {}) }));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/__sim/sources') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ sources }));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
  }, opts.port);
}
