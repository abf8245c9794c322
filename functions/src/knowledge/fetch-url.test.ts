import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchUrl, parseSourceUrl } from './fetch-url';

let server: Server;
let base = '';
const saved = { ...process.env };
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>Hello</p>');
    if (req.url === '/image') return res.writeHead(200, { 'content-type': 'image/png' }).end('png');
    if (req.url === '/odd') return res.writeHead(200, { 'content-type': '<script>x</script>' }).end('?');
    if (req.url === '/big') return res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(2000));
    if (req.url === '/slow') return void setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('late'), 1000);
    if (req.url === '/admin') return res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Basic realm="Jenkins"' }).end('Jenkins 2.4 login');
    res.writeHead(404, { 'content-type': 'text/plain' }).end('nope');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
  // This test server stands for a public site: the local escape names exactly it.
  process.env.ALLOW_PRIVATE_URLS = base.replace('http://', '');
});
afterEach(() => {
  process.env = { ...saved };
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('fetchUrl', () => {
  it('reads an html page', async () => {
    const page = await fetchUrl(`${base}/page`);
    expect(page.type).toBe('html');
    expect(Buffer.from(page.data).toString()).toBe('<p>Hello</p>');
  });

  it('refuses content types it cannot read, oversize pages, slow pages and bad URLs', async () => {
    await expect(fetchUrl(`${base}/image`)).rejects.toThrow('Unsupported content type: image/png.');
    await expect(fetchUrl(`${base}/odd`)).rejects.toThrow(/^Unsupported content type\.$/);
    await expect(fetchUrl(`${base}/big`, { maxBytes: 1000 })).rejects.toThrow('The page is larger than 0.001 MB.');
    await expect(fetchUrl(`${base}/slow`, { timeoutMs: 200 })).rejects.toThrow('The page did not answer within 0.2 seconds.');
    await expect(fetchUrl('ftp://example.com/x')).rejects.toThrow('Only http and https URLs can be added.');
    await expect(fetchUrl('not a url')).rejects.toThrow('Please enter a valid URL');
  });

  it('never repeats what the site answered: every failed status reads the same', async () => {
    for (const path of ['/missing', '/admin']) {
      const error = await fetchUrl(`${base}${path}`).then(() => null, (e: Error) => e);
      expect(error?.message).toBe('The page could not be downloaded. Check that it is public and try again.');
      expect(error?.message).not.toMatch(/40\d|Jenkins|nope|Not Found/);
    }
  });

  it('refuses private addresses without the local escape, and literal ones already when the source is added', async () => {
    delete process.env.ALLOW_PRIVATE_URLS;
    await expect(fetchUrl(`${base}/page`)).rejects.toThrow('This address cannot be crawled.');
    for (const url of ['http://[::ffff:127.0.0.1]/', 'http://[::ffff:a9fe:a9fe]/', 'http://[::]/', 'http://localhost./', 'http://100.64.0.1/', 'http://198.18.0.1/']) {
      expect(() => parseSourceUrl(url), url).toThrow('This address cannot be crawled.');
    }
    expect(() => parseSourceUrl('http://example.com:6379/')).toThrow('Only the standard web ports (80, 443, 8080, 8443) can be crawled.');
  });

  it('refuses a name that resolves to a private address', async () => {
    const lookup = async () => [{ address: '10.0.0.5', family: 4 }];
    await expect(fetchUrl('https://docs.example.com/', { lookup })).rejects.toThrow('This address cannot be crawled.');
  });
});
