/**
 * Stand-in for the Google Fonts services the theme's font check uses:
 *
 *   GET /css2?family=Name:wght@400;500;700[&display=swap]   the CSS API: 200 text/css with @font-face rules for a
 *                                                            family it knows, 400 (as Google answers) otherwise
 *   GET /webfonts/v1/webfonts?key=&family=Name              the Web Fonts Developer API: { kind, items }
 *   GET|DELETE /__recorded                                  families asked for / clear
 *
 * It knows a list of real family names (families.ts); the font files it names are not served.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen } from '../listen';
import { FONT_FAMILIES } from './families';

const known = new Map(FONT_FAMILIES.map((family) => [family.toLowerCase(), family]));

export interface FontsFake {
  url: string;
  requested(): string[];
  stop(): Promise<void>;
}

export function functionsEnv(url: string): Record<string, string> {
  return { GOOGLE_FONTS_BASE: url };
}

/** `Open+Sans:wght@400;500;700` → { family: 'Open Sans', weights: [400, 500, 700] }. */
export function parseFamily(param: string): { family: string; weights: number[] } {
  const [name = '', axes = ''] = param.split(':');
  const weights = /wght@([\d;.]+)/.exec(axes)?.[1]?.split(';').map(Number).filter(Number.isFinite) ?? [400];
  return { family: name.replace(/\+/g, ' ').trim(), weights };
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' });
  res.end(body);
}

export async function start(opts: { port: number }): Promise<FontsFake> {
  const requested: string[] = [];

  function handle(req: IncomingMessage, res: ServerResponse): void {
    // URLSearchParams would turn '+' into ' ' already; css2 takes the raw family parameter.
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    if (path === '/__recorded') {
      if (req.method === 'DELETE') requested.length = 0;
      return send(res, 200, 'application/json', JSON.stringify({ requested }));
    }
    if (path === '/css2' && req.method === 'GET') {
      const families = url.searchParams.getAll('family').map(parseFamily);
      if (families.length === 0) return send(res, 400, 'text/html', 'Missing font family');
      const rules: string[] = [];
      for (const { family, weights } of families) {
        requested.push(family);
        const name = known.get(family.toLowerCase());
        if (!name) return send(res, 400, 'text/html', `Font family not found: ${family}`);
        for (const weight of weights) {
          rules.push(`@font-face {\n  font-family: '${name}';\n  font-style: normal;\n  font-weight: ${weight};\n  font-display: swap;\n  src: url(${`http://127.0.0.1/fonts/${encodeURIComponent(name)}-${weight}.woff2`}) format('woff2');\n}`);
        }
      }
      return send(res, 200, 'text/css; charset=utf-8', rules.join('\n'));
    }
    if (path === '/webfonts/v1/webfonts' && req.method === 'GET') {
      if (!url.searchParams.get('key')) {
        return send(res, 403, 'application/json', JSON.stringify({ error: { code: 403, message: 'The request is missing a valid API key.', status: 'PERMISSION_DENIED' } }));
      }
      const family = url.searchParams.get('family');
      if (family) requested.push(family);
      const names = family ? [known.get(family.toLowerCase())].filter((n): n is NonNullable<typeof n> => !!n) : [...FONT_FAMILIES];
      const items = names.map((name) => ({ kind: 'webfonts#webfont', family: name, variants: ['regular', '500', '700'], subsets: ['latin'], category: 'sans-serif' }));
      if (family && items.length === 0) {
        return send(res, 400, 'application/json', JSON.stringify({ error: { code: 400, message: 'No font family found.', status: 'INVALID_ARGUMENT' } }));
      }
      return send(res, 200, 'application/json', JSON.stringify({ kind: 'webfonts#webfontList', items }));
    }
    send(res, 404, 'text/html', 'Not found');
  }

  const server = await listen(handle, opts.port);
  return {
    ...server,
    requested: () => [...requested],
  };
}
