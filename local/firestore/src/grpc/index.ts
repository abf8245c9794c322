/**
 * gRPC transport: google.firestore.v1.Firestore over cleartext HTTP/2, on the
 * engine's own HTTP/2 connection code (../http2; the listening server hands us
 * sockets whose first bytes are the HTTP/2 preface). Requests are decoded with
 * the SDK's own protos, converted to the REST proto3-JSON form and passed to
 * the backend; results travel back the same way.
 */
import type { Socket } from 'node:net';
import type protobuf from 'protobufjs';
import { callerFromAuthorization } from '../auth.ts';
import { FirestoreError, GRPC_CODE, type CallContext, type FirestoreBackend } from '../contract.ts';
import { ConversionError, decodeToJson, encodeFromJson } from './convert.ts';
import { encodeReadResponse } from './document-wire.ts';
import { encodeGrpcMessage, frameAll, FramingError, unframe } from './framing.ts';
import { firestoreService } from './protos.ts';
import { decodeReadRequest } from './read-requests.ts';
import { Http2Connection, type Http2ServerStream } from '../http2/connection.ts';

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

function sendStatus(stream: Http2ServerStream, code: number, message: string): void {
  if (stream.closed || stream.localEnded) return;
  // "Trailers-Only" response: status in the only HEADERS frame.
  stream.respond({
    ':status': '200',
    'content-type': 'application/grpc',
    'grpc-status': String(code),
    'grpc-message': encodeGrpcMessage(message),
  });
}

const RESPONSE_HEADERS = Object.freeze({ ':status': '200', 'content-type': 'application/grpc' });
const OK_TRAILERS = Object.freeze({ 'grpc-status': '0' });

function sendMessages(stream: Http2ServerStream, messages: Uint8Array[], code = 0, message = ''): void {
  if (stream.closed || stream.localEnded) return; // the client went away (cancelled / deadline)
  const trailers = code === 0 && message === '' ? OK_TRAILERS : { 'grpc-status': String(code), 'grpc-message': encodeGrpcMessage(message) };
  stream.respond(RESPONSE_HEADERS, messages.length > 0 ? frameAll(messages) : null, trailers);
}

/** Collects the request body; a callback, not a promise, keeps a get to one event-loop pass. */
function readBody(stream: Http2ServerStream, done: (err: Error | null, body?: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  const finish = (err: Error | null, body?: Buffer): void => {
    if (finished) return;
    finished = true;
    done(err, body);
  };
  stream.on({
    data(chunk) {
      if (finished) return;
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        chunks.length = 0;
        finish(new RpcError(GRPC_CODE.RESOURCE_EXHAUSTED, `Request is larger than ${MAX_REQUEST_BYTES} bytes.`));
        return;
      }
      chunks.push(chunk);
    },
    end: () => finish(null, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)),
    close: () => finish(new RpcError(GRPC_CODE.CANCELLED, 'The client cancelled the call.')),
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
  stream: Http2ServerStream,
  method: string,
  rpc: Rpc,
  body: Buffer,
): Promise<void> {
  const headers = stream.headers;
  const request = decodeReadRequest(method, body) ?? decodeRequest(rpc, body, headers['grpc-encoding']);
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
function rejectListen(stream: Http2ServerStream): void {
  const hint = UNSUPPORTED_HINTS['Listen']!;
  let buffered = Buffer.alloc(0);
  let answered = false;
  const answer = (targetId: number | undefined): void => {
    if (answered) return;
    answered = true;
    if (targetId === undefined) {
      sendStatus(stream, GRPC_CODE.UNIMPLEMENTED, hint);
      return;
    }
    const removal = encodeFromJson(listenResponseType, {
      targetChange: { targetChangeType: 'REMOVE', targetIds: [targetId], cause: { code: GRPC_CODE.UNIMPLEMENTED, message: hint } },
    });
    sendMessages(stream, [removal], GRPC_CODE.UNIMPLEMENTED, hint);
  };
  stream.on({
    data(chunk) {
      if (answered) return;
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
    },
    end: () => answer(undefined),
  });
}

function onStream(backend: FirestoreBackend, stream: Http2ServerStream): void {
  const headers = stream.headers;
  const path = headers[':path'] ?? '';
  const contentType = headers['content-type'] ?? '';
  if (!contentType.startsWith('application/grpc')) {
    stream.respond(
      { ':status': '415', 'content-type': 'text/plain' },
      Buffer.from('This port speaks gRPC (content-type application/grpc) and REST over HTTP/1.1.'),
    );
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
    return;
  }
  const fail = (err: unknown): void => {
    if (err instanceof RpcError && err.grpcCode === GRPC_CODE.CANCELLED) return; // nobody is listening
    const [code, message] = statusOf(err, method);
    sendStatus(stream, code, message);
  };
  readBody(stream, (err, body) => {
    if (err) fail(err);
    else handleCall(backend, stream, method, rpc, body!).catch(fail);
  });
}

export interface GrpcServer {
  /** Serves one connection whose first bytes (the HTTP/2 preface) are still unread. */
  accept(socket: Socket): void;
  /** Asks every connection to finish (GOAWAY) and cuts off what is still open after a second. */
  close(): void;
}

/**
 * The gRPC server, not listening: the engine's server passes it connections
 * that start with the HTTP/2 preface.
 */
export function createGrpcServer(backend: FirestoreBackend): GrpcServer {
  const connections = new Set<Http2Connection>();
  return {
    accept(socket) {
      const connection = new Http2Connection(socket, (stream) => {
        try {
          onStream(backend, stream);
        } catch (err) {
          const [code, message] = statusOf(err, 'request');
          sendStatus(stream, code, message);
        }
      });
      connections.add(connection);
      socket.once('close', () => connections.delete(connection));
    },
    close() {
      for (const connection of connections) {
        connection.close();
        setTimeout(() => connection.destroy(), 1000).unref();
      }
    },
  };
}
