// safeFetch against real local servers: a "public" site (the only target ALLOW_PRIVATE_URLS names) and an
// "internal" service standing in for the metadata server and everything else on our network, which no fetch
// may ever reach — each attack asserts the internal service saw no request at all.
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkedLookup, checkUrl, checkUrlResolved, privateAllowance, safeFetch, SafeFetchError, type Lookup } from './index';

let site: Server;
let internal: Server;
let sitePort = 0;
let internalPort = 0;
let internalHits = 0;
let siteBase = '';
const bomb = gzipSync(Buffer.alloc(50_000_000));

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  internal = createServer((_req, res) => {
    internalHits++;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('SECRET instance token');
  });
  internalPort = await listen(internal);
  site = createServer((req, res) => {
    const redirect = (location: string, status = 302) => res.writeHead(status, { location }).end();
    const url = req.url ?? '/';
    if (url === '/page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Hello</p>');
    if (url === '/host') return res.writeHead(200, { 'content-type': 'text/plain' }).end(req.headers.host);
    if (url === '/method') return res.writeHead(200, { 'content-type': 'text/plain' }).end(req.method);
    if (url === '/to-internal') return redirect(`http://127.0.0.1:${internalPort}/latest/meta-data`);
    if (url === '/to-mapped') return redirect(`http://[::ffff:127.0.0.1]:${internalPort}/`);
    if (url === '/to-metadata') return redirect('http://[::ffff:a9fe:a9fe]/computeMetadata/v1/');
    if (url === '/to-localhost') return redirect(`http://localhost.:${internalPort}/`, 307);
    if (url === '/to-name') return redirect('http://intranet.example.com/', 301);
    if (url === '/loop') return redirect('/loop');
    const chain = /^\/chain\/(\d+)$/.exec(url);
    if (chain) return Number(chain[1]) === 0 ? redirect('/page') : redirect(`/chain/${Number(chain[1]) - 1}`);
    if (url === '/post') return redirect('/method', 303);
    if (url === '/big') return res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(2000));
    if (url === '/bomb') return res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(bomb);
    if (url === '/gzip') return res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(gzipSync('compressed hello'));
    if (url === '/slow') return void setTimeout(() => res.writeHead(200).end('late'), 1000);
    res.writeHead(500, { 'content-type': 'text/plain' }).end('stack trace: db password hunter2');
  });
  sitePort = await listen(site);
  siteBase = `http://127.0.0.1:${sitePort}`;
});
afterAll(() => {
  for (const server of [site, internal]) {
    server.closeAllConnections();
    server.close();
  }
});

const saved = { ...process.env };
beforeEach(() => {
  internalHits = 0;
  // The site stands for the public internet; nothing else private is allowed.
  process.env.ALLOW_PRIVATE_URLS = `127.0.0.1:${sitePort}`;
  delete process.env.K_SERVICE;
  delete process.env.FUNCTIONS_EMULATOR;
});
afterEach(() => {
  process.env = { ...saved };
});

async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

describe('addresses that are not public', () => {
  const urls = () => [
    `http://127.0.0.1:${internalPort}/`,
    `http://[::ffff:127.0.0.1]:${internalPort}/`,
    `http://[::ffff:7f00:1]:${internalPort}/`,
    'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
    'http://169.254.169.254/latest/meta-data/',
    `http://[::]:${internalPort}/`,
    `http://[::1]:${internalPort}/`,
    `http://0.0.0.0:${internalPort}/`,
    `http://2130706433:${internalPort}/`,
    `http://0x7f.1:${internalPort}/`,
    'http://100.64.0.1/',
    'http://100.127.255.254/',
    'http://198.18.0.1/',
    'http://198.19.255.254/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[2002:7f00:1::]/',
    // what ipaddr.js knows: NAT64 and 6to4 of 10.0.0.1, unique-local, IPv4-translated, IPv4-compatible, multicast
    'http://[64:ff9b::a00:1]/',
    'http://[2002:a00:1::]/',
    'http://[fc00::1]/',
    'http://[::ffff:0:a00:1]/',
    'http://[::127.0.0.1]/',
    'http://[ff02::1]/',
    'http://[::ffff:100.64.0.1]/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    // decimal, octal and hex spellings of 127.0.0.1 (the URL parser turns them into the address they mean)
    `http://0177.0.0.1:${internalPort}/`,
    `http://017700000001:${internalPort}/`,
    `http://0x7f000001:${internalPort}/`,
    `http://127.1:${internalPort}/`,
    'http://2852039166/latest/meta-data/',
    `http://localhost:${internalPort}/`,
    `http://localhost.:${internalPort}/`,
    'http://LOCALHOST./',
    'http://metadata.google.internal./computeMetadata/v1/',
  ];

  it('refuses each of them before connecting', async () => {
    for (const url of urls()) {
      const error = await refusal(safeFetch(url));
      expect(error.code, url).toBe('blocked');
    }
    expect(internalHits).toBe(0);
  });

  it('refuses names that resolve to a private address, or to a mix of public and private ones', async () => {
    const dns: Record<string, string[]> = {
      'intranet.example.com': ['10.0.0.7'],
      'cgnat.example.net': ['100.64.12.1'],
      'bench.example.net': ['198.18.3.4'],
      'mapped.example.net': ['::ffff:169.254.169.254'],
      'rebind.example.org': ['93.184.216.34', '127.0.0.1'],
    };
    const lookup: Lookup = async (host) => (dns[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    for (const host of Object.keys(dns)) {
      expect((await refusal(safeFetch(`http://${host}:8080/`, { lookup }))).code, host).toBe('blocked');
    }
    expect(internalHits).toBe(0);
  });
});

describe('the check inside the connection', () => {
  it("refuses a name whose lookup answers a private address when the connection asks, and asks only once", async () => {
    const asked: string[] = [];
    const lookup: Lookup = async (host) => {
      asked.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const error = await refusal(safeFetch(`http://rebind.parley-test.invalid:${internalPort}/`, { lookup, ports: 'any' }));
    expect(error.code).toBe('blocked');
    expect(asked).toEqual(['rebind.parley-test.invalid']);
    expect(internalHits).toBe(0);
  });

  it('is the socket\'s own lookup: a plain request using it never reaches the private address it answered', async () => {
    const lookup: Lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const failure = await new Promise<unknown>((resolve) => {
      const req = get({ host: 'metadata.parley-test.invalid', port: internalPort, agent: false, lookup: checkedLookup(lookup, internalPort, 'any', privateAllowance()) });
      req.once('response', () => resolve(null));
      req.once('error', resolve);
    });
    expect(failure).toBeInstanceOf(SafeFetchError);
    expect((failure as SafeFetchError).code).toBe('blocked');
    expect(internalHits).toBe(0);
  });

  it('hands the socket the public answers it checked', async () => {
    // The site is the one private target the test allows, so it stands for a public answer here.
    const lookup: Lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const res = await safeFetch(`http://shop.parley-test.invalid:${sitePort}/page`, { lookup, ports: 'any' });
    expect(res.body.toString()).toBe('<p>Hello</p>');
  });
});

describe('redirects', () => {
  it('follows them by hand to the page', async () => {
    const res = await safeFetch(`${siteBase}/chain/3`);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('<p>Hello</p>');
    expect(res.url).toBe(`${siteBase}/page`);
  });

  it('re-checks every hop: a public page redirecting inside is refused', async () => {
    const lookup: Lookup = async (host) => (host === 'intranet.example.com' ? [{ address: '10.1.2.3', family: 4 }] : []);
    for (const path of ['/to-internal', '/to-mapped', '/to-metadata', '/to-localhost', '/to-name']) {
      expect((await refusal(safeFetch(`${siteBase}${path}`, { lookup }))).code, path).toBe('blocked');
    }
    expect(internalHits).toBe(0);
  });

  it('stops after five', async () => {
    expect((await refusal(safeFetch(`${siteBase}/loop`))).code).toBe('too-many-redirects');
    expect((await safeFetch(`${siteBase}/chain/4`)).status).toBe(200);
    expect((await refusal(safeFetch(`${siteBase}/chain/5`))).code).toBe('too-many-redirects');
  });

  it('continues a POST answered 303 with a GET', async () => {
    const res = await safeFetch(`${siteBase}/post`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.body.toString()).toBe('GET');
  });
});

describe('the connection', () => {
  it('goes to the address that was checked, keeping the name for Host', async () => {
    let lookups = 0;
    // A name the machine's own DNS does not know: reaching the site proves no second lookup happened.
    const lookup: Lookup = async () => {
      lookups++;
      return lookups === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }];
    };
    const res = await safeFetch(`http://shop.parley-test.invalid:${sitePort}/host`, { lookup });
    expect(res.body.toString()).toBe(`shop.parley-test.invalid:${sitePort}`);
    expect(lookups).toBe(1);
  });

  it('only on the standard web ports for public addresses', () => {
    expect(() => checkUrl('http://93.184.216.34:22/')).toThrow('Only the standard web ports (80, 443, 8080, 8443) can be used.');
    expect(() => checkUrl('https://example.com:6379/')).toThrow(SafeFetchError);
    expect(checkUrl('https://example.com:8443/x').port).toBe('8443');
    expect(checkUrl('http://93.184.216.34:5678/', { ports: 'any' }).port).toBe('5678');
  });

  it('refuses other schemes, credentials and malformed URLs', () => {
    expect(() => checkUrl('ftp://example.com/x')).toThrow('Only http and https URLs can be used.');
    expect(() => checkUrl('file:///etc/passwd')).toThrow('Only http and https URLs can be used.');
    expect(() => checkUrl('http://user:pass@example.com/')).toThrow('URLs with a user name or password cannot be used.');
    expect(() => checkUrl('not a url')).toThrow('Please enter a valid URL');
  });
});

describe('caps and errors', () => {
  it('caps the size, after decompression too (a gzip bomb stops at the cap)', async () => {
    expect((await refusal(safeFetch(`${siteBase}/big`, { maxBytes: 1000 }))).code).toBe('too-large');
    expect((await refusal(safeFetch(`${siteBase}/bomb`))).code).toBe('too-large');
    expect((await safeFetch(`${siteBase}/gzip`)).body.toString()).toBe('compressed hello');
  });

  it('caps the time', async () => {
    expect((await refusal(safeFetch(`${siteBase}/slow`, { timeoutMs: 200 }))).message).toBe('The address did not answer in time.');
  });

  it('says nothing of the network: a closed port answers our sentence only', async () => {
    const closed = createServer();
    const port = await listen(closed);
    closed.close();
    process.env.ALLOW_PRIVATE_URLS = `127.0.0.1:${port}`;
    const error = await refusal(safeFetch(`http://127.0.0.1:${port}/`));
    expect(error.message).toBe('The address could not be reached.');
    expect(error.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|\d{4,}/);
  });
});

describe('the local escape (ALLOW_PRIVATE_URLS)', () => {
  it('is off unless set: the site itself is then refused', async () => {
    delete process.env.ALLOW_PRIVATE_URLS;
    expect((await refusal(safeFetch(`${siteBase}/page`))).code).toBe('blocked');
  });

  it('"true" lets every private address through outside production', async () => {
    process.env.ALLOW_PRIVATE_URLS = 'true';
    expect((await safeFetch(`http://127.0.0.1:${internalPort}/`)).status).toBe(200);
    process.env.K_SERVICE = 'api';
    process.env.FUNCTIONS_EMULATOR = 'true';
    expect((await safeFetch(`http://localhost:${internalPort}/`)).status).toBe(200);
    expect(internalHits).toBe(2);
  });

  it('is ignored in production, whatever it says', async () => {
    process.env.ALLOW_PRIVATE_URLS = 'true';
    process.env.K_SERVICE = 'api';
    expect((await refusal(safeFetch(`http://127.0.0.1:${internalPort}/`))).code).toBe('blocked');
    process.env.ALLOW_PRIVATE_URLS = `127.0.0.1:${sitePort}`;
    expect((await refusal(safeFetch(`${siteBase}/page`))).code).toBe('blocked');
    expect(internalHits).toBe(0);
  });
});

describe('a URL saved now and fetched later (checkUrlResolved)', () => {
  const lookup = async (host: string) => {
    if (host === 'intranet.example.com') return [{ address: '10.0.0.1', family: 4 }];
    if (host === 'public.example.com') return [{ address: '93.184.215.14', family: 4 }];
    throw new Error('ENOTFOUND');
  };
  it('refuses a name that resolves to a private address, and literal private addresses', async () => {
    expect((await refusal(checkUrlResolved('https://intranet.example.com/x', { lookup }))).code).toBe('blocked');
    expect((await refusal(checkUrlResolved('http://169.254.169.254/', { lookup }))).code).toBe('blocked');
    expect((await refusal(checkUrlResolved('http://[::1]/', { lookup }))).code).toBe('blocked');
  });
  it('lets a public name through, and one that does not resolve yet (each fetch checks again)', async () => {
    await expect(checkUrlResolved('https://public.example.com/x', { lookup })).resolves.toBeInstanceOf(URL);
    await expect(checkUrlResolved('https://not-yet.example.com/x', { lookup })).resolves.toBeInstanceOf(URL);
  });
});

describe('a caller’s private header (privateHeaders)', () => {
  it('goes to the URL’s own origin but is not carried to another one by a redirect', async () => {
    const seen: Array<string | undefined> = [];
    const other = createServer((req, res) => {
      seen.push(req.headers['x-parley-secret'] as string | undefined);
      res.writeHead(200).end('ok');
    });
    const otherPort = await listen(other);
    const first = createServer((req, res) => {
      seen.push(req.headers['x-parley-secret'] as string | undefined);
      res.writeHead(302, { location: `http://127.0.0.1:${otherPort}/` }).end();
    });
    const firstPort = await listen(first);
    process.env.ALLOW_PRIVATE_URLS = `127.0.0.1:${firstPort},127.0.0.1:${otherPort}`;
    try {
      const res = await safeFetch(`http://127.0.0.1:${firstPort}/`, { headers: { 'X-Parley-Secret': 's3cret' }, privateHeaders: ['X-Parley-Secret'] });
      expect(res.status).toBe(200);
      expect(seen).toEqual(['s3cret', undefined]);
    } finally {
      for (const server of [first, other]) {
        server.closeAllConnections();
        server.close();
      }
    }
  });
});
