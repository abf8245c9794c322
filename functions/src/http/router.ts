import type { IncomingMessage, ServerResponse } from 'node:http';
import { ZodError } from 'zod';
import { HttpError, type Endpoint } from './endpoint';
import { zodMessage } from './zod-message';

/** Bodies above this are refused before parsing. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

interface CompiledRoute {
  endpoint: Endpoint;
  pattern: RegExp;
  names: string[];
}

function compile(endpoint: Endpoint): CompiledRoute {
  const names: string[] = [];
  const source = endpoint.path
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

async function readBody(req: FunctionsRequest): Promise<unknown> {
  if (req.body !== undefined && !(Buffer.isBuffer(req.body) && req.body.length === 0)) {
    return Buffer.isBuffer(req.body) ? JSON.parse(req.body.toString('utf8')) : req.body;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request body is too large.');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON.');
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

function setCors(req: IncomingMessage, res: ServerResponse): void {
  // The widget calls the public API from any website; auth is by bearer, never cookies.
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('vary', 'origin');
  res.setHeader('access-control-allow-methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS');
  res.setHeader('access-control-allow-headers', 'authorization,content-type');
  res.setHeader('access-control-max-age', '3600');
}

/**
 * One HTTP handler for every endpoint: routes, parses input with the endpoint's zod schema
 * (400 naming the field on failure), maps HttpError to its status and anything else to 500.
 */
export function createApiHandler(endpoints: Endpoint[]) {
  const routes = endpoints.map(compile);
  return async (req: FunctionsRequest, res: ServerResponse): Promise<void> => {
    setCors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname;
    const candidates = routes.filter((route) => route.pattern.test(path));
    const route = candidates.find((candidate) => candidate.endpoint.method === req.method);
    if (!route) {
      send(res, candidates.length > 0 ? 405 : 404, {
        success: false,
        error: candidates.length > 0 ? `Method ${req.method} is not allowed on ${path}.` : `No endpoint at ${path}.`,
      });
      return;
    }
    try {
      const match = route.pattern.exec(path)!;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        params[name] = decodeURIComponent(match[i + 1] ?? '');
      });
      const raw = req.method === 'GET' ? Object.fromEntries(url.searchParams) : await readBody(req);
      const parsed = route.endpoint.input.safeParse(raw);
      if (!parsed.success) throw parsed.error;
      const forwarded = req.headers['x-forwarded-for'];
      const ip = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() ?? req.socket.remoteAddress ?? '';
      const reply = await route.endpoint.handle({
        params,
        query: url.searchParams,
        headers: req.headers,
        input: parsed.data,
        ip,
        res,
      });
      if (reply) send(res, reply.status ?? 200, reply.body, reply.headers);
    } catch (error) {
      if (error instanceof ZodError) {
        send(res, 400, { success: false, error: zodMessage(error) });
      } else if (error instanceof HttpError) {
        send(res, error.status, { success: false, error: error.message });
      } else {
        console.error(`[api] ${req.method} ${path} failed:`, error instanceof Error ? error.message : 'unknown error');
        send(res, 500, { success: false, error: 'Something went wrong on our side. Please try again.' });
      }
    }
  };
}
