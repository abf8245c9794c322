// safeFetch: the one way functions fetch a URL a user gave us (knowledge-base sources, workspace event
// endpoints, tool servers, webhooks). A user-supplied URL must never reach our own network: the cloud metadata
// server, the emulators, other services on loopback or private addresses. So each hop of a fetch:
// - parses the URL (http/https, no credentials, a standard web port) and refuses internal names (localhost …);
// - resolves the name inside the connection's own DNS lookup and refuses it when ANY answer is not a public
//   address (addresses.ts), so the address checked is the address connected to: there is no second lookup a
//   rebinding DNS server could answer differently;
// - follows redirects by hand, so every Location goes through the same checks;
// and the whole call is capped in time and in size (after decompression).
// Errors carry our own sentences only: never the upstream's status text, body or network error, so a caller
// cannot use the endpoint to probe what answers where.
//
// The local stack's stand-ins listen on 127.0.0.1: ALLOW_PRIVATE_URLS lets private addresses through locally,
// `true` for all of them or a comma-separated list of exact `ip:port` targets. It is ignored in production.
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { isInternalHostName, isPublicAddress } from './addresses';

export { isPublicAddress, isInternalHostName } from './addresses';

export const SAFE_FETCH_TIMEOUT_MS = 10_000;
export const SAFE_FETCH_MAX_BYTES = 5_000_000;
export const SAFE_FETCH_MAX_REDIRECTS = 5;
/** Ports a public URL may name (its scheme's default included). */
export const SAFE_FETCH_PORTS: readonly number[] = [80, 443, 8080, 8443];

export type SafeFetchErrorCode = 'invalid-url' | 'blocked' | 'port' | 'unreachable' | 'timeout' | 'too-large' | 'too-many-redirects';

const MESSAGES: Record<SafeFetchErrorCode, string> = {
  'invalid-url': 'Please enter a valid URL (https://...).',
  blocked: 'This address cannot be reached from our servers.',
  port: `Only the standard web ports (${SAFE_FETCH_PORTS.join(', ')}) can be used.`,
  unreachable: 'The address could not be reached.',
  timeout: 'The address did not answer in time.',
  'too-large': 'The answer is too large.',
  'too-many-redirects': 'The address redirected too many times.',
};

/** A refused or failed fetch. `message` is ours alone (safe to show); `code` says which kind. */
export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message = MESSAGES[code],
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export interface LookupAddress {
  address: string;
  family: number;
}
/** Resolves a host name to every address it has (the DNS lookup; tests may pass a stand-in). */
export type Lookup = (hostname: string) => Promise<LookupAddress[]>;

export interface SafeFetchOptions {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The whole call: lookups, connections, every redirect and the body. */
  timeoutMs?: number;
  /** The body's size after decompression. */
  maxBytes?: number;
  maxRedirects?: number;
  /** Ports a public URL may name; 'any' for endpoints users run on ports of their own (webhooks). */
  ports?: readonly number[] | 'any';
  lookup?: Lookup;
  /** Headers (besides authorization and cookies) not sent on to another origin by a redirect: a secret of the caller's. */
  privateHeaders?: readonly string[];
}

export interface SafeResponse {
  status: number;
  ok: boolean;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The URL that answered (after redirects). */
  url: string;
  body: Buffer;
}

// ---------------------------------------------------------------- the local escape

/** Production: running on Cloud Functions (K_SERVICE) and not in the Functions emulator. */
export function isProduction(): boolean {
  return !!process.env.K_SERVICE && process.env.FUNCTIONS_EMULATOR !== 'true';
}

interface Allowance {
  all: boolean;
  targets: ReadonlySet<string>;
}

/** What ALLOW_PRIVATE_URLS lets through: nothing in production, whatever it names elsewhere. */
export function privateAllowance(): Allowance {
  const raw = (process.env.ALLOW_PRIVATE_URLS ?? '').trim();
  if (!raw || isProduction()) return { all: false, targets: new Set() };
  if (raw === 'true') return { all: true, targets: new Set() };
  return { all: false, targets: new Set(raw.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean)) };
}

function target(address: string, port: number): string {
  return `${address.includes(':') ? `[${address}]` : address}:${port}`;
}

function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** Whether a connection to `address:port` is allowed: a public address on an allowed port, or the local escape. */
function mayConnect(address: string, port: number, ports: SafeFetchOptions['ports'], allowance: Allowance): SafeFetchErrorCode | null {
  if (isPublicAddress(address)) {
    return ports === 'any' || (ports ?? SAFE_FETCH_PORTS).includes(port) ? null : 'port';
  }
  return allowance.all || allowance.targets.has(target(address, port)) ? null : 'blocked';
}

// ---------------------------------------------------------------- URL checks

/** The host name as it is looked up: without IPv6 brackets and without the trailing dot of a rooted name. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '').toLowerCase();
}

/**
 * The URL if it may be fetched as far as can be told without a lookup: http or https, no user name or
 * password, a literal address that is public (or locally allowed), no internal name, an allowed port.
 * Throws SafeFetchError ('invalid-url', 'blocked' or 'port').
 */
export function checkUrl(raw: string | URL, options: Pick<SafeFetchOptions, 'ports'> = {}): URL {
  let url: URL;
  try {
    url = new URL(typeof raw === 'string' ? raw.trim() : raw.href);
  } catch {
    throw new SafeFetchError('invalid-url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('invalid-url', 'Only http and https URLs can be used.');
  if (url.username || url.password) throw new SafeFetchError('invalid-url', 'URLs with a user name or password cannot be used.');
  const host = bareHost(url);
  if (!host) throw new SafeFetchError('invalid-url');
  const allowance = privateAllowance();
  if (isIP(host)) {
    const problem = mayConnect(host, portOf(url), options.ports, allowance);
    if (problem) throw new SafeFetchError(problem);
  } else {
    if (isInternalHostName(host) && !allowance.all) throw new SafeFetchError('blocked');
    // A name may only use the allowed ports, unless the local escape names a target on that port (the lookup's
    // answers then decide).
    const ports = options.ports ?? SAFE_FETCH_PORTS;
    const port = portOf(url);
    const escaped = allowance.all || [...allowance.targets].some((t) => t.endsWith(`:${port}`));
    if (ports !== 'any' && !ports.includes(port) && !escaped) throw new SafeFetchError('port');
  }
  return url;
}

/**
 * The URL checked as a fetch would check it before connecting, its name resolved too: refused (SafeFetchError
 * 'blocked' or 'port') when any answer may not be connected to. For saving a URL that is fetched later (each fetch
 * checks again: a name may change what it resolves to). A name that does not resolve now is let through.
 */
export async function checkUrlResolved(raw: string | URL, options: Pick<SafeFetchOptions, 'ports' | 'lookup'> = {}): Promise<URL> {
  const url = checkUrl(raw, options);
  const host = bareHost(url);
  if (isIP(host)) return url;
  let answers: LookupAddress[];
  try {
    answers = await (options.lookup ?? systemLookup)(host);
  } catch {
    return url;
  }
  const allowance = privateAllowance();
  for (const { address } of answers) {
    const problem = mayConnect(address, portOf(url), options.ports, allowance);
    if (problem) throw new SafeFetchError(problem);
  }
  return url;
}

const systemLookup: Lookup = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  // IPv4 first: Cloud Functions reach the internet over IPv4.
  return [...answers].sort((a, b) => a.family - b.family);
};

/**
 * The connection's own DNS lookup for a name on `port`: resolves it, refuses it when ANY answer may not be
 * connected to (one non-public answer is enough: a rebinding server could otherwise hand out both), and hands the
 * socket exactly the answers it checked. A refusal fails the connection with its SafeFetchError.
 */
export function checkedLookup(resolve: Lookup, port: number, ports: SafeFetchOptions['ports'], allowance: Allowance): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((answers) => {
        if (answers.length === 0) throw new SafeFetchError('unreachable');
        for (const { address } of answers) {
          const problem = mayConnect(address, port, ports, allowance);
          if (problem) throw new SafeFetchError(problem);
        }
        // With `all` the socket tries each answer in turn (Happy Eyeballs); otherwise it takes the first.
        if (options.all) callback(null, answers);
        else callback(null, answers[0]!.address, answers[0]!.family);
      })
      .catch((error: unknown) => callback(error instanceof SafeFetchError ? error : new SafeFetchError('unreachable'), ''));
  };
}

// ---------------------------------------------------------------- one hop

interface HopRequest {
  url: URL;
  lookup: Lookup;
  ports: SafeFetchOptions['ports'];
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  signal: AbortSignal;
}

/**
 * Sends one request. A name is resolved by checkedLookup inside the connection itself (a literal address was
 * checked by checkUrl and is not looked up); Host and the TLS name are the URL's.
 */
function send(hop: HopRequest): Promise<IncomingMessage> {
  const { url } = hop;
  const port = portOf(url);
  const tls = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (tls ? httpsRequest : httpRequest)({
      host: bareHost(url),
      port,
      path: `${url.pathname}${url.search}`,
      method: hop.method,
      headers: { ...hop.headers, host: url.host },
      lookup: checkedLookup(hop.lookup, port, hop.ports, privateAllowance()),
      // A fresh connection per request: a pooled socket would skip the lookup that checks the address.
      agent: false,
      signal: hop.signal,
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end(hop.body);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function headersOf(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** The body, decompressed, stopping as soon as it passes maxBytes. */
async function readBody(res: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(res.headers['content-length'] ?? '0');
  const encoding = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (!encoding && declared > maxBytes) {
    res.destroy();
    throw new SafeFetchError('too-large');
  }
  const decoder = encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip() : encoding === 'deflate' ? createInflate() : encoding === 'br' ? createBrotliDecompress() : null;
  // pipeline: an aborted response also ends the decoder (with an error) instead of leaving it waiting.
  const stream: Readable = decoder ? pipeline(res, decoder, () => undefined) : res;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw new SafeFetchError('too-large');
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof SafeFetchError) throw error;
    if (signal.aborted) throw new SafeFetchError('timeout');
    throw new SafeFetchError('unreachable');
  } finally {
    if (stream !== res) stream.destroy();
    res.destroy();
  }
  return Buffer.concat(chunks);
}

const DROPPED_ACROSS_ORIGINS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * Fetches a user-supplied URL (see the module comment). Answers every status the final hop gives, with its
 * body read whole (at most maxBytes); throws SafeFetchError when the URL, an address or a redirect is refused,
 * when nothing answers, on timeout, or when the body is too large.
 */
export async function safeFetch(raw: string | URL, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const timeoutMs = options.timeoutMs ?? SAFE_FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? SAFE_FETCH_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_MAX_REDIRECTS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const { signal } = controller;
  let url = checkUrl(raw, options);
  let method: string = options.method ?? 'GET';
  let body = options.body;
  const headers: Record<string, string> = {
    'user-agent': 'ParleyBot/1.0',
    'accept-encoding': 'gzip, deflate, br',
    ...Object.fromEntries(Object.entries(options.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
  };
  try {
    for (let hop = 0; ; hop++) {
      // The socket tries each of the name's answers in turn; the last failure answers 'unreachable'.
      const res = await send({ url, lookup: options.lookup ?? systemLookup, ports: options.ports, method, headers, body, signal });
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode ?? 0) && location) {
        res.destroy();
        if (hop >= maxRedirects) throw new SafeFetchError('too-many-redirects');
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new SafeFetchError('unreachable');
        }
        next = checkUrl(next, options);
        if (next.origin !== url.origin) for (const name of [...DROPPED_ACROSS_ORIGINS, ...(options.privateHeaders ?? [])]) delete headers[name.toLowerCase()];
        // 303 (and 301/302 after a POST, as browsers do) continue with a GET without the body.
        if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
          method = method === 'HEAD' ? 'HEAD' : 'GET';
          body = undefined;
          delete headers['content-type'];
          delete headers['content-length'];
        }
        url = next;
        continue;
      }
      const status = res.statusCode ?? 0;
      const responseHeaders = headersOf(res);
      let data: Buffer = Buffer.alloc(0);
      if (method === 'HEAD') res.destroy();
      else data = await readBody(res, maxBytes, signal);
      return { status, ok: status >= 200 && status < 300, headers: responseHeaders, url: url.href, body: data };
    }
  } catch (error) {
    if (error instanceof SafeFetchError) throw error;
    if (signal.aborted) throw new SafeFetchError('timeout');
    throw new SafeFetchError('unreachable');
  } finally {
    clearTimeout(timer);
  }
}
