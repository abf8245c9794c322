// A tiny static server for web/dist with the SPA fallback and an injected /parley-config.js.
// Used by the budget bench (and handy for checking a build without the whole stack).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
};

export async function serveDist(opts: { dist: string; config: unknown; port?: number }): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const configJs = `window.__PARLEY_CONFIG__ = ${JSON.stringify(opts.config)};`;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    if (path === '/parley-config.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(configJs);
      return;
    }
    const file = normalize(join(opts.dist, path));
    const inside = file.startsWith(normalize(opts.dist));
    const target = inside && existsSync(file) && statSync(file).isFile() ? file : join(opts.dist, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(target)] ?? 'application/octet-stream' });
    createReadStream(target).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server, close: () => new Promise((r) => server.close(() => r())) };
}
