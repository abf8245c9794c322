/**
 * A website stand-in: a few linked pages, /sitemap.xml with each page's lastmod, /robots.txt, and the HTTP caching a
 * real site offers (ETag and Last-Modified; If-None-Match / If-Modified-Since answer 304), so knowledge URL sources
 * and crawls have something local to read. Control (no provider has these):
 *   PUT /__pages?path=/menu  { title, body }  edits or adds a page (its ETag and lastmod change)
 *   DELETE /__pages?path=/menu                removes it (404 from then on, and gone from the sitemap)
 *   POST /__control { failing: ['/menu'] }    those paths answer 503 until the next control call
 *   POST /__reset                             the initial pages again
 *   GET /__recorded, DELETE /__recorded       the requests it received (method, path, conditional headers)
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, readBody } from '../listen';
import { INITIAL_PAGES, pageHtml, type SitePage } from './pages';

interface Stored extends SitePage {
  modifiedAt: Date;
}

export interface SiteRequest {
  method: string;
  path: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  status: number;
  ts: number;
}

const etagOf = (html: string) => `"${createHash('sha1').update(html).digest('hex').slice(0, 16)}"`;

export async function start(opts: { port: number }) {
  const pages = new Map<string, Stored>();
  const reset = () => {
    pages.clear();
    // Whole seconds: Last-Modified has no finer precision.
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 86_400_000);
    for (const [path, page] of Object.entries(INITIAL_PAGES)) pages.set(path, { ...page, modifiedAt: at });
  };
  reset();
  let failing = new Set<string>();
  const recorded: SiteRequest[] = [];

  function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': type, ...headers });
    res.end(body);
  }

  function servePage(req: IncomingMessage, res: ServerResponse, path: string): number {
    if (failing.has(path)) {
      send(res, 503, 'text/plain', 'Service temporarily unavailable');
      return 503;
    }
    const page = pages.get(path);
    if (!page) {
      send(res, 404, 'text/html; charset=utf-8', '<h1>Not found</h1>');
      return 404;
    }
    const html = pageHtml(page);
    const etag = etagOf(html);
    const lastModified = page.modifiedAt.toUTCString();
    const since = req.headers['if-modified-since'];
    const unchanged = req.headers['if-none-match'] ? req.headers['if-none-match'] === etag : since ? Date.parse(since) >= page.modifiedAt.getTime() : false;
    if (unchanged) {
      res.writeHead(304, { etag, 'last-modified': lastModified });
      res.end();
      return 304;
    }
    send(res, 200, 'text/html; charset=utf-8', html, { etag, 'last-modified': lastModified });
    return 200;
  }

  function sitemap(base: string): string {
    const urls = [...pages.entries()]
      .filter(([path]) => !path.startsWith('/private/'))
      .map(([path, page]) => `<url><loc>${base}${path}</loc><lastmod>${page.modifiedAt.toISOString()}</lastmod></url>`);
    return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`;
  }

  async function control(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (url.pathname === '/__recorded') {
      if (req.method === 'DELETE') recorded.length = 0;
      return send(res, 200, 'application/json', JSON.stringify(recorded));
    }
    if (url.pathname === '/__reset' && req.method === 'POST') {
      reset();
      failing = new Set();
      return send(res, 200, 'application/json', '{"ok":true}');
    }
    if (url.pathname === '/__control' && req.method === 'POST') {
      const body = JSON.parse((await readBody(req)) || '{}') as { failing?: string[] };
      failing = new Set(body.failing ?? []);
      return send(res, 200, 'application/json', '{"ok":true}');
    }
    const path = url.searchParams.get('path');
    if (url.pathname === '/__pages' && path?.startsWith('/')) {
      if (req.method === 'DELETE') {
        const existed = pages.delete(path);
        return send(res, existed ? 200 : 404, 'application/json', JSON.stringify({ deleted: existed }));
      }
      if (req.method === 'PUT') {
        const body = JSON.parse((await readBody(req)) || '{}') as Partial<SitePage>;
        if (typeof body.title !== 'string' || typeof body.body !== 'string') return send(res, 400, 'application/json', '{"error":"title and body are required"}');
        // A second later than anything served before: an edit always shows in Last-Modified and lastmod.
        const previous = pages.get(path)?.modifiedAt.getTime() ?? 0;
        const at = Math.max(Math.floor(Date.now() / 1000) * 1000, previous + 1000);
        pages.set(path, { title: body.title, body: body.body, modifiedAt: new Date(at) });
        return send(res, 200, 'application/json', '{"ok":true}');
      }
    }
    send(res, 404, 'application/json', '{"error":"unknown control call"}');
  }

  const server = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site.local');
    if (url.pathname.startsWith('/__')) {
      control(req, res, url).catch(() => send(res, 400, 'application/json', '{"error":"invalid JSON"}'));
      return;
    }
    let status: number;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, 'text/plain', 'Method not allowed');
      status = 405;
    } else if (url.pathname === '/robots.txt') {
      send(res, 200, 'text/plain', `User-agent: *\nDisallow: /private/\nSitemap: http://${req.headers.host ?? 'localhost'}/sitemap.xml\n`);
      status = 200;
    } else if (url.pathname === '/sitemap.xml') {
      send(res, 200, 'application/xml', sitemap(`http://${req.headers.host ?? 'localhost'}`));
      status = 200;
    } else {
      status = servePage(req, res, url.pathname);
    }
    recorded.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      ...(typeof req.headers['if-none-match'] === 'string' ? { ifNoneMatch: req.headers['if-none-match'] } : {}),
      ...(typeof req.headers['if-modified-since'] === 'string' ? { ifModifiedSince: req.headers['if-modified-since'] } : {}),
      status,
      ts: Date.now(),
    });
  }, opts.port);
  return { ...server, recorded: () => [...recorded] };
}
