import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchUrl } from './fetch-url';

let server: Server;
let base = '';
beforeAll(async () => {
  process.env.KB_ALLOW_PRIVATE_URLS = 'true';
  server = createServer((req, res) => {
    if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>Hello</p>');
    if (req.url === '/image') return res.writeHead(200, { 'content-type': 'image/png' }).end('png');
    if (req.url === '/big') return res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(2000));
    if (req.url === '/slow') return void setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('late'), 1000);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('nope');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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
  it('refuses content types it cannot read, error statuses, oversize pages, slow pages and bad URLs', async () => {
    await expect(fetchUrl(`${base}/image`)).rejects.toThrow('Unsupported content type: image/png.');
    await expect(fetchUrl(`${base}/missing`)).rejects.toThrow('The page answered 404 Not Found.');
    await expect(fetchUrl(`${base}/big`, { maxBytes: 1000 })).rejects.toThrow('The page is larger than 0.001 MB.');
    await expect(fetchUrl(`${base}/slow`, { timeoutMs: 200 })).rejects.toThrow('The page did not answer within 0.2 seconds.');
    await expect(fetchUrl('ftp://example.com/x')).rejects.toThrow('Only http and https URLs can be added.');
    await expect(fetchUrl('not a url')).rejects.toThrow('Please enter a valid URL');
  });
  it('refuses private addresses outside local runs', async () => {
    const saved = { ...process.env };
    delete process.env.KB_ALLOW_PRIVATE_URLS;
    delete process.env.FUNCTIONS_EMULATOR;
    delete process.env.FIRESTORE_EMULATOR_HOST;
    try {
      await expect(fetchUrl(`${base}/page`)).rejects.toThrow('This address cannot be crawled.');
      await expect(fetchUrl('http://169.254.169.254/latest')).rejects.toThrow('This address cannot be crawled.');
    } finally {
      Object.assign(process.env, saved);
    }
  });
});
