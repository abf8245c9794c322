import type { IncomingMessage, ServerResponse } from 'node:http';
import { databaseFor } from '../adapters/firestore';
import { StoredDataError } from '../adapters/stored-data';
import { sharedRateLimits, type RateLimits } from '../rate-limits';
import { HttpError, parseInput, type Endpoint } from './endpoint';

/** Bodies above this are refused before parsing. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

interface CompiledRoute {
  endpoint: Endpoint;
  pattern: RegExp;
  names: string[];
}

function compile(endpoint: Endpoint): CompiledRoute {
  const names: string[] = [];
  const source = endpoint.contract.path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { endpoint, pattern: new RegExp(`^${source}/?$`), names };
}

/** The request as Cloud Functions hands it over: express has already read the body. */
type FunctionsRequest = IncomingMessage & { body?: unknown; rawBody?: Buffer };

/** JSON text as the body; empty text is no body ({}). */
function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON.');
  }
}

/** The body as JSON, and its bytes as received (webhooks verify signatures on them). */
async function readBody(req: FunctionsRequest): Promise<{ value: unknown; raw: Buffer }> {
  // The framework may have parsed the body already: JSON into a value, text/plain into a string, other types
  // into a Buffer (it keeps the bytes as rawBody). Text and bytes are read as JSON here, like a body read from the stream.
  if (req.body !== undefined && !(Buffer.isBuffer(req.body) && req.body.length === 0)) {
    if (Buffer.isBuffer(req.body)) return { value: parseJson(req.body.toString('utf8')), raw: req.rawBody ?? req.body };
    if (typeof req.body === 'string') return { value: parseJson(req.body), raw: req.rawBody ?? Buffer.from(req.body, 'utf8') };
    return { value: req.body, raw: req.rawBody ?? Buffer.from(JSON.stringify(req.body), 'utf8') };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request body is too large.');
    chunks.push(chunk as Buffer);
  }
  const raw = Buffer.concat(chunks);
  return { value: parseJson(raw.toString('utf8')), raw };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

function setCors(req: IncomingMessage, res: ServerResponse): void {
  // The widget calls the public API from any website; auth is by bearer, never cookies. Which websites may run an
  // agent's widget is the agent's allowed domains, checked per request (conversations/visitor-guard.ts).
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('vary', 'origin');
  res.setHeader('access-control-allow-methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS');
  res.setHeader('access-control-allow-headers', 'authorization,content-type,x-firebase-appcheck,x-parley-embed-origin');
  res.setHeader('access-control-expose-headers', 'retry-after');
  res.setHeader('access-control-max-age', '3600');
}

/**
 * The caller's address. X-Forwarded-For is "what the client sent, …, what each proxy appended": only the entries
 * appended by our own proxies can be trusted, so the address is the PARLEY_PROXY_HOPS-th from the right (default
 * 1: the platform's front end appends the address that connected to it; 2 behind Firebase Hosting's CDN). Without
 * the header (a plain server, tests), the socket's address.
 */
export function clientIp(headers: IncomingMessage['headers'], socketAddress: string | undefined, hops = proxyHops()): string {
  const raw = headers['x-forwarded-for'];
  const chain = (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).split(',').map((e) => e.trim()).filter(Boolean);
  if (chain.length === 0) return socketAddress ?? '';
  return chain[Math.max(0, chain.length - hops)] ?? socketAddress ?? '';
}

function proxyHops(): number {
  const hops = Number(process.env.PARLEY_PROXY_HOPS ?? 1);
  return Number.isInteger(hops) && hops >= 1 ? hops : 1;
}

/** Logs a failure without its data; a stored document that does not fit its schema is named by its path. */
function logFailure(where: string, error: unknown): void {
  if (error instanceof StoredDataError) console.error(`[api] ${where}: ${error.message}`);
  else console.error(`[api] ${where} failed:`, error instanceof Error ? error.message : 'unknown error');
}

/**
 * One HTTP handler for every endpoint: routes, parses the path params, the query and the body with the
 * endpoint's contract (400 naming the field on failure), maps HttpError to its status and anything else —
 * including stored data that does not fit its schema — to 500 without details.
 */
export function createApiHandler(endpoints: Endpoint[], options: { limits?: RateLimits } = {}) {
  const routes = endpoints.map(compile);
  // Counters in the NA database, whatever region a request names: an address is counted once.
  const limits = options.limits ?? sharedRateLimits({ db: () => databaseFor('na') });
  return async (req: FunctionsRequest, res: ServerResponse): Promise<void> => {
    setCors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://local');
    } catch {
      send(res, 400, { success: false, error: 'The request URL is not valid.' });
      return;
    }
    const path = url.pathname;
    const candidates = routes.filter((route) => route.pattern.test(path));
    const route = candidates.find((candidate) => candidate.endpoint.contract.method === req.method);
    if (!route) {
      send(res, candidates.length > 0 ? 405 : 404, {
        success: false,
        error: candidates.length > 0 ? `Method ${req.method} is not allowed on ${path}.` : `No endpoint at ${path}.`,
      });
      return;
    }
    const { contract } = route.endpoint;
    try {
      const match = route.pattern.exec(path)!;
      const rawParams: Record<string, string> = {};
      route.names.forEach((name, i) => {
        try {
          rawParams[name] = decodeURIComponent(match[i + 1] ?? '');
        } catch {
          throw new HttpError(400, `Invalid input — ${name}: not a valid URL-encoded value`);
        }
      });
      const params = parseInput(contract.params, rawParams, 'params');
      const query = parseInput(contract.query, Object.fromEntries(url.searchParams), 'query');
      const read = req.method === 'GET' ? { value: {}, raw: Buffer.alloc(0) } : await readBody(req);
      const body = parseInput(contract.body, read.value);
      const ip = clientIp(req.headers, req.socket.remoteAddress);
      const reply = await route.endpoint.handle({ params, query, body, headers: req.headers, ip, res, rawBody: read.raw, limits });
      if (reply) send(res, reply.status ?? 200, reply.body, reply.headers);
    } catch (error) {
      if (error instanceof HttpError) {
        send(res, error.status, { success: false, error: error.message }, error.headers);
      } else {
        logFailure(`${req.method} ${path} (${contract.name})`, error);
        send(res, 500, { success: false, error: 'Something went wrong on our side. Please try again.' });
      }
    }
  };
}
