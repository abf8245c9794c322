// safeFetch: the one way functions fetch a URL a user gave us (knowledge-base sources, workspace event
// endpoints, tool servers, webhooks). A user-supplied URL must never reach our own network: the cloud metadata
// server, the emulators, other services on loopback or private addresses. So each hop of a fetch:
// - parses the URL (http/https, no credentials, a standard web port) and refuses internal names (localhost …);
// - resolves the name itself and refuses it when ANY answer is not a public address (addresses.ts);
// - connects to the exact address it checked (no second lookup a rebinding DNS server could answer differently);
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
import { isIP } from 'node:net';
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

const systemLookup: Lookup = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  // IPv4 first: Cloud Functions reach the internet over IPv4.
  return [...answers].sort((a, b) => a.family - b.family);
};

/** Every address the URL's host resolves to, all of them allowed; throws 'blocked' if any is not. */
async function resolveChecked(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<LookupAddress[]> {
  const host = bareHost(url);
  const port = portOf(url);
  const allowance = privateAllowance();
  let addresses: LookupAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await abortable((options.lookup ?? systemLookup)(host), signal);
    } catch (error) {
      if (signal.aborted) throw new SafeFetchError('timeout');
      if (error instanceof SafeFetchError) throw error;
      throw new SafeFetchError('unreachable');
    }
  }
  if (addresses.length === 0) throw new SafeFetchError('unreachable');
  // One non-public answer refuses the name: a rebinding server could otherwise hand out both.
  for (const { address } of addresses) {
    const problem = mayConnect(address, port, options.ports, allowance);
    if (problem) throw new SafeFetchError(problem);
  }
  return addresses;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new SafeFetchError('timeout'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new SafeFetchError('timeout'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

// ---------------------------------------------------------------- one hop

interface HopRequest {
  url: URL;
  address: LookupAddress;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  signal: AbortSignal;
}

/** Sends one request to the checked address (never looked up again), keeping the URL's name for Host and TLS. */
function send(hop: HopRequest): Promise<IncomingMessage> {
  const { url, address } = hop;
  const host = bareHost(url);
  const tls = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (tls ? httpsRequest : httpRequest)({
      host: address.address,
      family: address.family,
      port: portOf(url),
      path: `${url.pathname}${url.search}`,
      method: hop.method,
      headers: { ...hop.headers, host: url.host },
      // TLS checks the certificate against the URL's name, not the address; no SNI for a literal address.
      ...(tls && !isIP(host) ? { servername: host } : {}),
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
      const addresses = await resolveChecked(url, options, signal);
      let res: IncomingMessage | null = null;
      for (const address of addresses) {
        try {
          res = await send({ url, address, method, headers, body, signal });
          break;
        } catch {
          if (signal.aborted) throw new SafeFetchError('timeout');
          // Try the name's next address; the last failure answers 'unreachable'.
        }
      }
      if (!res) throw new SafeFetchError('unreachable');
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
        if (next.origin !== url.origin) for (const name of DROPPED_ACROSS_ORIGINS) delete headers[name];
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
