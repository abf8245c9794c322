/**
 * gRPC transport: google.firestore.v1.Firestore over cleartext HTTP/2, written
 * directly on node:http2 (the listening server hands us sockets whose first
 * bytes are the HTTP/2 preface). Requests are decoded with the SDK's own
 * protos, converted to the REST proto3-JSON form and passed to the backend;
 * results travel back the same way.
 */
import http2 from 'node:http2';
import type { Socket } from 'node:net';
import type protobuf from 'protobufjs';
import { callerFromAuthorization } from '../auth.ts';
import { FirestoreError, GRPC_CODE, type CallContext, type FirestoreBackend } from '../contract.ts';
import { ConversionError, decodeToJson, encodeFromJson } from './convert.ts';
import { encodeReadResponse } from './document-wire.ts';
import { encodeGrpcMessage, frameAll, FramingError, unframe } from './framing.ts';
import { firestoreService } from './protos.ts';

const SERVICE_PREFIX = '/google.firestore.v1.Firestore/';
/** Firestore caps requests at 10 MiB; leave room for framing and be generous. */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

type BackendMethod = keyof FirestoreBackend;

interface Rpc {
  backend: BackendMethod;
  request: protobuf.Type;
  response: protobuf.Type;
  serverStreaming: boolean;
}

const SUPPORTED: Record<string, BackendMethod> = {
  GetDocument: 'getDocument',
  BatchGetDocuments: 'batchGetDocuments',
  ListDocuments: 'listDocuments',
  ListCollectionIds: 'listCollectionIds',
  RunQuery: 'runQuery',
  RunAggregationQuery: 'runAggregationQuery',
  Commit: 'commit',
  BatchWrite: 'batchWrite',
  BeginTransaction: 'beginTransaction',
  Rollback: 'rollback',
  CreateDocument: 'createDocument',
  UpdateDocument: 'updateDocument',
  DeleteDocument: 'deleteDocument',
};

const UNSUPPORTED_HINTS: Record<string, string> = {
  Listen: 'Listen is not supported by the local Firestore engine; use get/query polling',
  Write: 'Write (streaming writes) is not supported by the local Firestore engine; use commit or batchWrite',
  PartitionQuery: 'PartitionQuery is not supported by the local Firestore engine',
};

const listenRequestType = firestoreService.methods['Listen']!.resolvedRequestType!;
const listenResponseType = firestoreService.methods['Listen']!.resolvedResponseType!;

const RPCS = new Map<string, Rpc>(
  Object.entries(SUPPORTED).map(([name, backend]) => {
    const method = firestoreService.methods[name]!;
    return [
      name,
      {
        backend,
        request: method.resolvedRequestType!,
        response: method.resolvedResponseType!,
        serverStreaming: Boolean(method.responseStream),
      },
    ];
  }),
);

class RpcError extends Error {
  constructor(
    readonly grpcCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Any failure -> [grpc-status, grpc-message]. Unknown failures are INTERNAL and logged. */
function statusOf(err: unknown, method: string): [number, string] {
  if (err instanceof RpcError) return [err.grpcCode, err.message];
  if (err instanceof FirestoreError) return [GRPC_CODE[err.code] ?? GRPC_CODE.UNKNOWN, err.message];
  const message = err instanceof Error ? err.message : String(err);
  console.error(`[firestore grpc] ${method} failed unexpectedly:`, err);
  return [GRPC_CODE.INTERNAL, `Internal error in ${method}: ${message}`];
}

function sendStatus(stream: http2.ServerHttp2Stream, code: number, message: string): void {
  if (stream.destroyed || stream.closed) return;
  if (stream.headersSent) {
    stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
    return;
  }
  // "Trailers-Only" response: status in the only HEADERS frame.
  stream.respond(
    {
      ':status': 200,
      'content-type': 'application/grpc',
      'grpc-status': String(code),
      'grpc-message': encodeGrpcMessage(message),
    },
    { endStream: true },
  );
}

function sendMessages(stream: http2.ServerHttp2Stream, messages: Uint8Array[], code = 0, message = ''): void {
  if (stream.destroyed || stream.closed) return; // the client went away (cancelled / deadline)
  stream.respond(
    { ':status': 200, 'content-type': 'application/grpc', 'grpc-accept-encoding': 'identity,deflate,gzip' },
    { waitForTrailers: true },
  );
  stream.once('wantTrailers', () => {
    try {
      if (!stream.destroyed) stream.sendTrailers({ 'grpc-status': String(code), 'grpc-message': encodeGrpcMessage(message) });
    } catch {
      /* the client reset the stream meanwhile */
    }
  });
  if (messages.length > 0) stream.write(frameAll(messages));
  stream.end();
}

function readBody(stream: http2.ServerHttp2Stream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        reject(new RpcError(GRPC_CODE.RESOURCE_EXHAUSTED, `Request is larger than ${MAX_REQUEST_BYTES} bytes.`));
        stream.removeAllListeners('data');
        stream.resume();
        return;
      }
      chunks.push(chunk);
    });
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

function decodeRequest(rpc: Rpc, body: Buffer, encoding: string | undefined): Record<string, unknown> {
  let messages: Buffer[];
  try {
    messages = unframe(body, encoding);
  } catch (err) {
    throw new RpcError(GRPC_CODE.INVALID_ARGUMENT, err instanceof FramingError ? err.message : 'Malformed gRPC framing.');
  }
  if (messages.length !== 1) {
    throw new RpcError(GRPC_CODE.INVALID_ARGUMENT, `Expected exactly one request message, got ${messages.length}.`);
  }
  try {
    return decodeToJson(rpc.request, messages[0]!);
  } catch (err) {
    if (err instanceof ConversionError) throw new RpcError(GRPC_CODE.INVALID_ARGUMENT, `Invalid ${rpc.request.name}: ${err.message}`);
    const detail = err instanceof Error ? err.message : String(err);
    throw new RpcError(GRPC_CODE.INVALID_ARGUMENT, `Malformed ${rpc.request.name} protobuf: ${detail}`);
  }
}

function encodeResponses(rpc: Rpc, method: string, results: unknown[]): Uint8Array[] {
  try {
    // Read responses (documents) take the hand-written encoder; anything it does not handle, the generic one.
    return results.map((r) => encodeReadResponse(rpc.response.name, r) ?? encodeFromJson(rpc.response, r));
  } catch (err) {
    if (err instanceof ConversionError) {
      throw new RpcError(GRPC_CODE.INTERNAL, `The engine's ${method} response does not fit ${rpc.response.name}: ${err.message}`);
    }
    throw err;
  }
}

async function handleCall(
  backend: FirestoreBackend,
  stream: http2.ServerHttp2Stream,
  headers: http2.IncomingHttpHeaders,
  method: string,
  rpc: Rpc,
): Promise<void> {
  const body = await readBody(stream);
  const request = decodeRequest(rpc, body, headers['grpc-encoding'] as string | undefined);
  const ctx: CallContext = { caller: callerFromAuthorization(headers['authorization']) };
  const fn = backend[rpc.backend] as (req: Record<string, unknown>, ctx: CallContext) => Promise<unknown>;
  const result = await fn.call(backend, request, ctx);
  const results = rpc.serverStreaming ? (result as unknown[]) : [result ?? {}];
  if (!Array.isArray(results)) throw new Error(`${rpc.backend} returned a non-list for a streaming RPC`);
  sendMessages(stream, encodeResponses(rpc, method, results));
}

/**
 * Listen is refused, but in a way the Node SDK surfaces: a trailers-only error
 * on a bidi stream reaches its watch code as "stream ended" and it retries
 * forever, while a REMOVE target change with a cause is reported to the
 * onSnapshot error callback ("Error 12: Listen is not supported ...").
 */
function rejectListen(stream: http2.ServerHttp2Stream): void {
  const hint = UNSUPPORTED_HINTS['Listen']!;
  let buffered = Buffer.alloc(0);
  let answered = false;
  const answer = (targetId: number | undefined): void => {
    if (answered) return;
    answered = true;
    stream.removeAllListeners('data');
    stream.resume();
    if (targetId === undefined) {
      sendStatus(stream, GRPC_CODE.UNIMPLEMENTED, hint);
      return;
    }
    const removal = encodeFromJson(listenResponseType, {
      targetChange: { targetChangeType: 'REMOVE', targetIds: [targetId], cause: { code: GRPC_CODE.UNIMPLEMENTED, message: hint } },
    });
    sendMessages(stream, [removal], GRPC_CODE.UNIMPLEMENTED, hint);
  };
  stream.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    if (buffered.length < 5 || buffered.length < 5 + buffered.readUInt32BE(1)) {
      if (buffered.length > MAX_REQUEST_BYTES) answer(undefined);
      return;
    }
    let targetId: number | undefined;
    try {
      const [first] = unframe(buffered.subarray(0, 5 + buffered.readUInt32BE(1)), undefined);
      const request = decodeToJson(listenRequestType, first!) as { addTarget?: { targetId?: number } };
      targetId = request.addTarget ? (request.addTarget.targetId ?? 0) : undefined;
    } catch {
      targetId = undefined;
    }
    answer(targetId);
  });
  stream.once('end', () => answer(undefined));
}

function onStream(backend: FirestoreBackend, stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders): void {
  stream.on('error', () => {
    /* client resets are normal (cancellation); nothing to do */
  });
  const path = String(headers[':path'] ?? '');
  const contentType = String(headers['content-type'] ?? '');
  if (!contentType.startsWith('application/grpc')) {
    stream.respond({ ':status': 415, 'content-type': 'text/plain' });
    stream.end('This port speaks gRPC (content-type application/grpc) and REST over HTTP/1.1.');
    return;
  }
  const method = path.startsWith(SERVICE_PREFIX) ? path.slice(SERVICE_PREFIX.length) : '';
  if (method === 'Listen') {
    rejectListen(stream);
    return;
  }
  const rpc = RPCS.get(method);
  if (!rpc || headers[':method'] !== 'POST') {
    const message = UNSUPPORTED_HINTS[method] ?? `${path} is not implemented by the local Firestore engine`;
    sendStatus(stream, GRPC_CODE.UNIMPLEMENTED, message);
    stream.resume(); // drain whatever the client still sends
    return;
  }
  handleCall(backend, stream, headers, method, rpc).catch((err: unknown) => {
    const [code, message] = statusOf(err, method);
    try {
      sendStatus(stream, code, message);
    } catch {
      /* the stream died while we answered */
    }
  });
}

/**
 * The gRPC server, not listening: the engine's server passes it connections with
 * `grpcServer.emit('connection', socket)`. Closing it also closes the sessions it
 * adopted, so a stopped engine does not keep the process alive.
 */
export function createGrpcServer(backend: FirestoreBackend): http2.Http2Server {
  const server = http2.createServer();
  const sessions = new Set<http2.ServerHttp2Session>();
  // RPCs are small request/response exchanges: do not let Nagle hold back replies.
  server.on('connection', (socket: Socket) => socket.setNoDelay?.(true));
  server.on('session', (session: http2.ServerHttp2Session) => {
    sessions.add(session);
    session.on('error', () => {
      /* broken connections must not crash the engine */
    });
    session.once('close', () => sessions.delete(session));
  });
  server.on('sessionError', () => {
    /* as above */
  });
  server.on('stream', (stream, headers) => {
    try {
      onStream(backend, stream, headers);
    } catch (err) {
      const [code, message] = statusOf(err, 'request');
      try {
        sendStatus(stream, code, message);
      } catch {
        /* ignore */
      }
    }
  });

  const originalClose = server.close.bind(server);
  server.close = ((callback?: (err?: Error) => void) => {
    for (const session of sessions) {
      session.close();
      // Streams still open after a grace period are cut off.
      setTimeout(() => session.destroy(), 1000).unref();
    }
    if (server.listening) return originalClose(callback);
    if (callback) process.nextTick(callback);
    return server;
  }) as typeof server.close;
  return server;
}
