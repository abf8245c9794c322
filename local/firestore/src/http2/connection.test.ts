/**
 * The engine's HTTP/2 server code against Node's own HTTP/2 client (nghttp2),
 * an independent implementation: headers, bodies both ways beyond the default
 * flow-control windows, trailers, concurrency, cancellation, padding, PING,
 * graceful close, and protocol errors that must end only their connection.
 */
import { createHash } from 'node:crypto';
import http2 from 'node:http2';
import net, { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Http2Connection, PREFACE, type Http2ServerStream } from './connection.ts';

type Handler = (stream: Http2ServerStream) => void;

/** Collects the request body, then answers `{ headers, bytes, sha256 }` as JSON with a trailer. */
const echo: Handler = (stream) => {
  const chunks: Buffer[] = [];
  stream.on({
    data: (c) => chunks.push(c),
    end: () => {
      const body = Buffer.concat(chunks);
      const summary = { headers: stream.headers, bytes: body.length, sha256: createHash('sha256').update(body).digest('hex') };
      stream.respond({ ':status': '200', 'content-type': 'application/json' }, Buffer.from(JSON.stringify(summary)), { 'x-done': 'yes' });
    },
  });
};

let handler: Handler = echo;
const connections = new Set<Http2Connection>();
const server = net.createServer((socket) => {
  const c = new Http2Connection(socket, (stream) => handler(stream));
  connections.add(c);
  socket.once('close', () => connections.delete(c));
});
let url = '';
const clients: http2.ClientHttp2Session[] = [];

function connect(options: http2.ClientSessionOptions = {}): http2.ClientHttp2Session {
  const client = http2.connect(url, options);
  client.on('error', () => {});
  clients.push(client);
  return client;
}

interface Reply {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: Buffer;
  trailers: http2.IncomingHttpHeaders | null;
}

function request(client: http2.ClientHttp2Session, headers: http2.OutgoingHttpHeaders, body?: Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = client.request({ ':method': 'POST', ':path': '/echo', ...headers });
    const chunks: Buffer[] = [];
    let responseHeaders: http2.IncomingHttpHeaders = {};
    let trailers: http2.IncomingHttpHeaders | null = null;
    req.on('response', (h) => (responseHeaders = h));
    req.on('trailers', (t) => (trailers = t));
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve({ status: Number(responseHeaders[':status']), headers: responseHeaders, body: Buffer.concat(chunks), trailers }));
    req.on('error', reject);
    req.end(body);
  });
}

const json = (r: Reply) => JSON.parse(r.body.toString()) as { headers: Record<string, string>; bytes: number; sha256: string };

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  handler = echo;
  for (const c of clients.splice(0)) c.destroy();
});
afterAll(async () => {
  for (const c of connections) c.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe('HTTP/2 connection', () => {
  it('reads request headers of every kind Node sends and answers with body and trailers', async () => {
    const client = connect();
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('').trim();
    const latin1 = Array.from({ length: 128 }, (_, i) => String.fromCharCode(128 + i)).join('');
    const reply = await request(client, {
      'content-type': 'application/grpc',
      authorization: 'Bearer owner',
      'x-printable': printable,
      'x-latin1': latin1,
      'x-long': 'abc'.repeat(2000),
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json');
    expect(reply.trailers).toMatchObject({ 'x-done': 'yes' });
    const seen = json(reply).headers;
    expect(seen).toMatchObject({
      ':method': 'POST',
      ':path': '/echo',
      ':scheme': 'http',
      'content-type': 'application/grpc',
      authorization: 'Bearer owner',
      'x-printable': printable,
      'x-latin1': latin1,
      'x-long': 'abc'.repeat(2000),
    });
  });

  it('keeps the header table in step over many requests with changing values (indexing and eviction)', async () => {
    const client = connect();
    for (let i = 0; i < 300; i++) {
      const value = `value-${i}-${'x'.repeat(i % 97)}`;
      const reply = await request(client, { 'x-changing': value, 'x-steady': 'same every time', 'x-two': `v${i % 2}` });
      expect(json(reply).headers).toMatchObject({ 'x-changing': value, 'x-steady': 'same every time', 'x-two': `v${i % 2}` });
    }
  });

  it('reads a header block split over CONTINUATION frames', async () => {
    const client = connect();
    const big = 'y'.repeat(40_000);
    const reply = await request(client, { 'x-big': big, 'x-after': 'still here' });
    expect(json(reply).headers).toMatchObject({ 'x-big': big, 'x-after': 'still here' });
  });

  it('takes request bodies far beyond the default 64 KiB windows', async () => {
    const client = connect();
    const body = Buffer.alloc(3 * 1024 * 1024, 7);
    for (let i = 0; i < body.length; i += 4096) body[i] = i % 251;
    const reply = json(await request(client, {}, body));
    expect(reply.bytes).toBe(body.length);
    expect(reply.sha256).toBe(createHash('sha256').update(body).digest('hex'));
  });

  it('sends response bodies far beyond the client window, waiting for its WINDOW_UPDATEs', async () => {
    const body = Buffer.alloc(5 * 1024 * 1024);
    for (let i = 0; i < body.length; i++) body[i] = (i * 31) % 256;
    handler = (stream) => stream.on({ end: () => stream.respond({ ':status': '200' }, body, { 'grpc-status': '0' }) });
    const client = connect();
    const [a, b] = await Promise.all([request(client, {}), request(client, {})]);
    for (const reply of [a, b]) {
      expect(reply.body.equals(body)).toBe(true);
      expect(reply.trailers).toMatchObject({ 'grpc-status': '0' });
    }
  });

  it('answers with headers alone (trailers-only) and with a body and no trailers', async () => {
    handler = (stream) =>
      stream.on({
        end: () =>
          stream.headers[':path'] === '/only'
            ? stream.respond({ ':status': '200', 'grpc-status': '12', 'grpc-message': 'nope' })
            : stream.respond({ ':status': '415', 'content-type': 'text/plain' }, Buffer.from('wrong type')),
      });
    const client = connect();
    const only = await request(client, { ':path': '/only' });
    expect(only.headers).toMatchObject({ 'grpc-status': '12', 'grpc-message': 'nope' });
    expect(only.body.length).toBe(0);
    const plain = await request(client, { ':path': '/plain' });
    expect(plain.status).toBe(415);
    expect(plain.body.toString()).toBe('wrong type');
    expect(plain.trailers).toBeNull();
  });

  it('serves many concurrent streams on one connection', async () => {
    const client = connect();
    const replies = await Promise.all(Array.from({ length: 200 }, (_, i) => request(client, { 'x-i': String(i) }, Buffer.from(`body ${i}`))));
    replies.forEach((reply, i) => {
      expect(json(reply).headers['x-i']).toBe(String(i));
      expect(json(reply).bytes).toBe(`body ${i}`.length);
    });
  });

  it('reads padded frames', async () => {
    const client = connect({ paddingStrategy: http2.constants.PADDING_STRATEGY_MAX });
    const reply = json(await request(client, { 'x-padded': 'yes' }, Buffer.from('padded body')));
    expect(reply.headers['x-padded']).toBe('yes');
    expect(reply.bytes).toBe('padded body'.length);
  });

  it('tells the handler when the client cancels, and keeps serving the connection', async () => {
    let closed!: () => void;
    const wasClosed = new Promise<void>((resolve) => (closed = resolve));
    handler = (stream) => {
      if (stream.headers[':path'] === '/slow') {
        stream.on({ close: () => closed() });
        return;
      }
      echo(stream);
    };
    const client = connect();
    const slow = client.request({ ':method': 'POST', ':path': '/slow' });
    slow.on('error', () => {});
    slow.end();
    await new Promise((resolve) => slow.once('ready', resolve));
    slow.close(http2.constants.NGHTTP2_CANCEL);
    await wasClosed;
    expect(json(await request(client, { 'x-after': 'cancel' })).headers['x-after']).toBe('cancel');
  });

  it('answers PING', async () => {
    const client = connect();
    await new Promise((resolve) => client.once('connect', resolve));
    const rtt = await new Promise<number>((resolve, reject) => client.ping((err, ms) => (err ? reject(err) : resolve(ms))));
    expect(rtt).toBeGreaterThanOrEqual(0);
  });

  it('finishes open streams on close (GOAWAY) and refuses new ones', async () => {
    let hold!: (stream: Http2ServerStream) => void;
    const held = new Promise<Http2ServerStream>((resolve) => (hold = resolve));
    handler = (stream) => stream.on({ end: () => hold(stream) });
    const client = connect();
    const goaway = new Promise((resolve) => client.once('goaway', resolve));
    const pending = request(client, {});
    const stream = await held;
    for (const c of connections) c.close();
    await goaway;
    stream.respond({ ':status': '200' }, Buffer.from('late but complete'));
    expect((await pending).body.toString()).toBe('late but complete');
  });
});

describe('HTTP/2 protocol errors end only their connection', () => {
  function raw(bytes: Buffer): Promise<Buffer> {
    return new Promise((resolve) => {
      const { port } = server.address() as AddressInfo;
      const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('error', () => {});
      socket.on('close', () => resolve(Buffer.concat(chunks)));
    });
  }

  /** The error code of the GOAWAY frame among the server's frames. */
  function goawayCode(bytes: Buffer): number | null {
    let at = 0;
    while (at + 9 <= bytes.length) {
      const length = bytes.readUIntBE(at, 3);
      if (bytes[at + 3] === 7) return bytes.readUInt32BE(at + 9 + 4);
      at += 9 + length;
    }
    return null;
  }

  const frame = (type: number, flags: number, stream: number, payload: Buffer) => {
    const h = Buffer.alloc(9);
    h.writeUIntBE(payload.length, 0, 3);
    h[3] = type;
    h[4] = flags;
    h.writeUInt32BE(stream, 5);
    return Buffer.concat([h, payload]);
  };

  it.each([
    ['a bad preface', Buffer.from('PRI * HTTP/1.1\r\n\r\nXX\r\n\r\n'), 1],
    ['an oversized frame', Buffer.concat([PREFACE, frame(0, 0, 1, Buffer.alloc(20_000))]), 6],
    ['a malformed header block', Buffer.concat([PREFACE, frame(1, 5, 1, Buffer.from([0xff, 0xff, 0xff, 0xff, 0x7f]))]), 9],
    ['headers on an even stream id', Buffer.concat([PREFACE, frame(1, 5, 2, Buffer.from([0x82]))]), 1],
    ['a PING of the wrong size', Buffer.concat([PREFACE, frame(6, 0, 0, Buffer.alloc(3))]), 1],
    ['DATA on stream 0', Buffer.concat([PREFACE, frame(0, 0, 0, Buffer.alloc(3))]), 1],
  ])('%s gets GOAWAY and a closed socket', async (_name, bytes, code) => {
    expect(goawayCode(await raw(bytes))).toBe(code);
    // The server is still there for everyone else.
    expect(json(await request(connect(), { 'x-ok': '1' })).headers['x-ok']).toBe('1');
  });
});
