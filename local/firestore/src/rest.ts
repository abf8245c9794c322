/**
 * The REST/JSON transport (HTTP/1.1): the Firestore v1 REST paths the web SDK
 * (firebase/firestore/lite) calls, CORS for browsers, and the emulator's
 * DELETE .../documents endpoint. Bodies pass through to the backend as-is.
 */
import http from 'node:http';
import { z } from 'zod';
import { callerFromAuthorization } from './auth.ts';
import type { CallContext, FirestoreBackend } from './contract.ts';
import { FirestoreError, HTTP_STATUS } from './contract.ts';
import { responseText } from './rest-json.ts';

type Json = Record<string, unknown>;

export interface RestHooks {
  /** The emulator's "clear a database" endpoint. */
  clearDatabase(project: string, database: string): void;
}

const MAX_BODY = 64 * 1024 * 1024;
const bodySchema = z.record(z.string(), z.unknown());

function corsHeaders(req: http.IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return {
    'Access-Control-Allow-Origin': origin ?? '*',
    ...(origin ? { 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' } : {}),
    'Access-Control-Allow-Methods': 'GET, POST, PATCH, PUT, DELETE, OPTIONS',
    'Access-Control-Allow-Headers':
      (req.headers['access-control-request-headers'] as string | undefined) ??
      'Authorization, Content-Type, X-Goog-Api-Client, X-Firebase-GMPID, google-cloud-resource-prefix, x-goog-request-params',
    'Access-Control-Max-Age': '3600',
  };
}

function send(req: http.IncomingMessage, res: http.ServerResponse, status: number, body: unknown): void {
  const text = responseText(body); // JSON.stringify(body), with stored documents' fields text cached
  res.writeHead(status, {
    ...corsHeaders(req),
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendError(req: http.IncomingMessage, res: http.ServerResponse, e: unknown): void {
  const err =
    e instanceof FirestoreError ? e : new FirestoreError('INTERNAL', `Internal error: ${e instanceof Error ? e.message : String(e)}`);
  if (!(e instanceof FirestoreError)) console.error('firestore: internal error', e);
  const status = HTTP_STATUS[err.code];
  send(req, res, status, { error: { code: status, message: err.message, status: err.code } });
}

function readBody(req: http.IncomingMessage): Promise<Json> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (c: Buffer) => {
      if (failed) return;
      size += c.length;
      if (size > MAX_BODY) {
        failed = true;
        reject(new FirestoreError('INVALID_ARGUMENT', `Request payload size exceeds the limit: ${MAX_BODY} bytes.`));
        return;
      }
      chunks.push(c);
    });
    req.on('error', reject);
    req.on('end', () => {
      if (failed) return;
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') return resolve({});
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (e) {
        return reject(new FirestoreError('INVALID_ARGUMENT', `Invalid JSON payload received. ${(e as Error).message}`));
      }
      const r = bodySchema.safeParse(parsed);
      if (!r.success) return reject(new FirestoreError('INVALID_ARGUMENT', 'Invalid JSON payload received. Expected a JSON object.'));
      resolve(r.data);
    });
  });
}

function decodeSegments(raw: string): string {
  try {
    return raw
      .split('/')
      .map((s) => decodeURIComponent(s))
      .join('/');
  } catch {
    throw new FirestoreError('INVALID_ARGUMENT', `Invalid percent-encoding in path "${raw}".`);
  }
}

/** Query parameters: repeated keys become arrays (updateMask.fieldPaths=a&updateMask.fieldPaths=b). */
function params(url: URL): { one(k: string): string | undefined; all(k: string): string[] } {
  return { one: (k) => url.searchParams.get(k) ?? undefined, all: (k) => url.searchParams.getAll(k) };
}

function precondition(q: ReturnType<typeof params>): Json | undefined {
  const exists = q.one('currentDocument.exists');
  const updateTime = q.one('currentDocument.updateTime');
  if (exists !== undefined) return { exists: exists === 'true' };
  if (updateTime !== undefined) return { updateTime };
  return undefined;
}

function maskParam(q: ReturnType<typeof params>, key: string): Json | undefined {
  const all = q.all(`${key}.fieldPaths`);
  return all.length > 0 ? { fieldPaths: all } : undefined;
}

export function createRestServer(backend: FirestoreBackend, hooks: RestHooks): http.Server {
  const server = http.createServer((req, res) => {
    handle(backend, hooks, req, res).catch((e) => sendError(req, res, e));
  });
  server.keepAliveTimeout = 65_000;
  return server;
}

async function handle(backend: FirestoreBackend, hooks: RestHooks, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS') {
    res.writeHead(204, { ...corsHeaders(req), 'Content-Length': '0' });
    res.end();
    return;
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  const pathname = url.pathname;
  if (pathname === '/' && method === 'GET') {
    res.writeHead(200, { ...corsHeaders(req), 'Content-Type': 'text/plain' });
    res.end('Ok\n');
    return;
  }
  const emu = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents\/?$/.exec(pathname);
  if (emu) {
    if (method !== 'DELETE') throw new FirestoreError('NOT_FOUND', `No route for ${method} ${pathname}`);
    hooks.clearDatabase(decodeSegments(emu[1]!), decodeSegments(emu[2]!));
    send(req, res, 200, {});
    return;
  }
  if (!pathname.startsWith('/v1/')) throw new FirestoreError('NOT_FOUND', `No route for ${method} ${pathname}`);
  const ctx: CallContext = { caller: callerFromAuthorization(req.headers.authorization) };
  let rawPath = pathname.slice(4);
  let verb: string | null = null;
  const colon = rawPath.lastIndexOf(':');
  if (colon > rawPath.lastIndexOf('/')) {
    verb = rawPath.slice(colon + 1);
    rawPath = rawPath.slice(0, colon);
  }
  const path = decodeSegments(rawPath).replace(/\/$/, '');
  const q = params(url);
  const dbMatch = /^(projects\/[^/]+\/databases\/[^/]+)(?:\/documents(?:\/.*)?)?$/.exec(path);
  if (!dbMatch) throw new FirestoreError('INVALID_ARGUMENT', `Invalid resource path "${path}".`);
  const database = dbMatch[1]!;

  if (verb !== null) {
    if (method !== 'POST') throw new FirestoreError('NOT_FOUND', `${verb} must be called with POST.`);
    const body = await readBody(req);
    let result: unknown;
    switch (verb) {
      case 'commit':
        result = await backend.commit({ ...body, database }, ctx);
        break;
      case 'batchGet':
        result = await backend.batchGetDocuments({ ...body, database }, ctx);
        break;
      case 'batchWrite':
        result = await backend.batchWrite({ ...body, database }, ctx);
        break;
      case 'beginTransaction':
        result = await backend.beginTransaction({ ...body, database }, ctx);
        break;
      case 'rollback':
        result = await backend.rollback({ ...body, database }, ctx);
        break;
      case 'runQuery':
        result = await backend.runQuery({ ...body, parent: path }, ctx);
        break;
      case 'runAggregationQuery':
        result = await backend.runAggregationQuery({ ...body, parent: path }, ctx);
        break;
      case 'listCollectionIds':
        result = await backend.listCollectionIds({ ...body, parent: path }, ctx);
        break;
      case 'listDocuments':
        result = await backend.listDocuments({ ...body, parent: path }, ctx);
        break;
      case 'listen':
      case 'write':
        throw new FirestoreError('UNIMPLEMENTED', `${verb} (streaming) is not implemented by Parley's local Firestore; use polling reads.`);
      default:
        throw new FirestoreError('NOT_FOUND', `Unknown method :${verb}.`);
    }
    // Streaming RPCs (runQuery, batchGet, runAggregationQuery) answer a JSON array of messages.
    send(req, res, 200, result);
    return;
  }

  const below = path.slice(database.length).replace(/^\/documents\/?/, '');
  const segs = below === '' ? [] : below.split('/');
  const isDoc = segs.length > 0 && segs.length % 2 === 0;
  switch (method) {
    case 'GET': {
      if (isDoc) {
        const r = await backend.getDocument(
          { name: path, mask: maskParam(q, 'mask'), transaction: q.one('transaction'), readTime: q.one('readTime') },
          ctx,
        );
        send(req, res, 200, r);
        return;
      }
      if (segs.length === 0) throw new FirestoreError('INVALID_ARGUMENT', 'A collection id is required to list documents.');
      const parent = path.slice(0, path.lastIndexOf('/'));
      const r = await backend.listDocuments(
        {
          parent,
          collectionId: segs[segs.length - 1],
          pageSize: q.one('pageSize'),
          pageToken: q.one('pageToken'),
          orderBy: q.one('orderBy'),
          mask: maskParam(q, 'mask'),
          showMissing: q.one('showMissing') === 'true',
        },
        ctx,
      );
      send(req, res, 200, r);
      return;
    }
    case 'PATCH': {
      if (!isDoc) throw new FirestoreError('INVALID_ARGUMENT', `"${path}" is not a document path.`);
      const body = await readBody(req);
      const r = await backend.updateDocument(
        {
          document: { ...body, name: path },
          updateMask: maskParam(q, 'updateMask'),
          mask: maskParam(q, 'mask'),
          currentDocument: precondition(q),
        },
        ctx,
      );
      send(req, res, 200, r);
      return;
    }
    case 'DELETE': {
      if (!isDoc) throw new FirestoreError('INVALID_ARGUMENT', `"${path}" is not a document path.`);
      const r = await backend.deleteDocument({ name: path, currentDocument: precondition(q) }, ctx);
      send(req, res, 200, r);
      return;
    }
    case 'POST': {
      if (segs.length === 0 || isDoc) throw new FirestoreError('INVALID_ARGUMENT', `"${path}" is not a collection path.`);
      const body = await readBody(req);
      const parent = path.slice(0, path.lastIndexOf('/'));
      const r = await backend.createDocument(
        {
          parent,
          collectionId: segs[segs.length - 1],
          documentId: q.one('documentId'),
          document: body,
          mask: maskParam(q, 'mask'),
        },
        ctx,
      );
      send(req, res, 200, r);
      return;
    }
    default:
      throw new FirestoreError('NOT_FOUND', `No route for ${method} ${pathname}`);
  }
}
