import * as grpc from '@grpc/grpc-js';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FirestoreError, type CallContext, type FirestoreBackend } from '../contract.ts';
import { createGrpcServer } from './index.ts';
import { lookupType } from './protos.ts';

/** A backend stub: records what reached it and answers what the test says. */
const calls: Array<{ method: string; req: Record<string, unknown>; ctx: CallContext }> = [];
let answer: (method: string, req: Record<string, unknown>) => unknown = () => ({});

const backend = new Proxy({} as FirestoreBackend, {
  get: (_t, method: string) => async (req: Record<string, unknown>, ctx: CallContext) => {
    calls.push({ method, req, ctx });
    return answer(method, req);
  },
});

const grpcServer = createGrpcServer(backend);
// Like the engine's listener: accept the socket and hand it to the gRPC server.
const listener = net.createServer((socket) => grpcServer.accept(socket));
let client: grpc.Client;

beforeAll(async () => {
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
});
afterAll(async () => {
  client.close();
  grpcServer.close();
  await new Promise((resolve) => listener.close(resolve));
});

const DB = 'projects/p/databases/(default)';
const DOC = `${DB}/documents/c/d`;

function metadata(auth?: string): grpc.Metadata {
  const md = new grpc.Metadata();
  if (auth) md.set('authorization', auth);
  return md;
}

function unary(method: string, reqType: string, resType: string, req: unknown, auth = 'Bearer owner'): Promise<unknown> {
  const request = lookupType(reqType);
  const response = lookupType(resType);
  return new Promise((resolve, reject) => {
    client.makeUnaryRequest(
      `/google.firestore.v1.Firestore/${method}`,
      (r: unknown) => Buffer.from(request.encode(request.fromObject(r as object)).finish()),
      (b: Buffer) => response.toObject(response.decode(b), { longs: String, enums: String, bytes: String }),
      req,
      metadata(auth),
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
}

function rawUnary(method: string, body: Buffer): Promise<unknown> {
  return new Promise((resolve, reject) => {
    client.makeUnaryRequest(
      `/google.firestore.v1.Firestore/${method}`,
      () => body,
      (b: Buffer) => b,
      null,
      metadata('Bearer owner'),
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
}

function serverStream(method: string, reqType: string, resType: string, req: unknown): Promise<unknown[]> {
  const request = lookupType(reqType);
  const response = lookupType(resType);
  return new Promise((resolve, reject) => {
    const out: unknown[] = [];
    const call = client.makeServerStreamRequest(
      `/google.firestore.v1.Firestore/${method}`,
      (r: unknown) => Buffer.from(request.encode(request.fromObject(r as object)).finish()),
      (b: Buffer) => response.toObject(response.decode(b), { longs: String, enums: String, oneofs: false }),
      req,
      metadata('Bearer owner'),
    );
    call.on('data', (d) => out.push(d));
    call.on('error', reject);
    call.on('end', () => resolve(out));
  });
}

function unsignedJwt(payload: object): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}

describe('gRPC transport', () => {
  it('serves a unary call: request converted to REST JSON, response back to protobuf', async () => {
    answer = () => ({ name: DOC, fields: { n: { integerValue: '9007199254740993' }, t: { timestampValue: '2024-01-01T00:00:00.5Z' } }, createTime: '2024-01-01T00:00:00Z', updateTime: '2024-01-01T00:00:01Z' });
    const res = (await unary('GetDocument', 'google.firestore.v1.GetDocumentRequest', 'google.firestore.v1.Document', {
      name: DOC,
      transaction: Buffer.from('tx-1'),
    })) as { name: string; fields: Record<string, { integerValue?: string; timestampValue?: { nanos: number } }> };
    const call = calls.at(-1)!;
    expect(call.method).toBe('getDocument');
    expect(call.req).toEqual({ name: DOC, transaction: Buffer.from('tx-1').toString('base64') });
    expect(call.ctx.caller).toEqual({ kind: 'owner' });
    expect(res.name).toBe(DOC);
    expect(res.fields['n']!.integerValue).toBe('9007199254740993');
    expect(res.fields['t']!.timestampValue!.nanos).toBe(500_000_000);
  });

  it('streams every message of a server-streaming call', async () => {
    answer = () => [
      { document: { name: `${DOC}1` }, readTime: '2024-01-01T00:00:00Z' },
      { document: { name: `${DOC}2` }, readTime: '2024-01-01T00:00:00Z' },
      { readTime: '2024-01-01T00:00:00Z', done: true },
    ];
    const out = (await serverStream('RunQuery', 'google.firestore.v1.RunQueryRequest', 'google.firestore.v1.RunQueryResponse', {
      parent: `${DB}/documents`,
      structuredQuery: { from: [{ collectionId: 'c' }], limit: { value: 2 } },
    })) as Array<{ document?: { name: string }; done?: boolean }>;
    expect(out.map((m) => m.document?.name ?? 'done')).toEqual([`${DOC}1`, `${DOC}2`, 'done']);
    expect(calls.at(-1)!.req['structuredQuery']).toEqual({ from: [{ collectionId: 'c' }], limit: 2 });
  });

  it('answers an empty stream when the backend returns no messages', async () => {
    answer = () => [];
    const out = await serverStream('BatchGetDocuments', 'google.firestore.v1.BatchGetDocumentsRequest', 'google.firestore.v1.BatchGetDocumentsResponse', { database: DB });
    expect(out).toEqual([]);
  });

  it('maps FirestoreError codes to grpc-status and keeps non-ASCII messages intact', async () => {
    answer = () => {
      throw new FirestoreError('NOT_FOUND', 'No document to update: c/ü 100%');
    };
    await expect(unary('Commit', 'google.firestore.v1.CommitRequest', 'google.firestore.v1.CommitResponse', { database: DB })).rejects.toMatchObject({
      code: grpc.status.NOT_FOUND,
      details: 'No document to update: c/ü 100%',
    });
    answer = () => {
      throw new FirestoreError('ALREADY_EXISTS', 'exists');
    };
    await expect(unary('Commit', 'google.firestore.v1.CommitRequest', 'google.firestore.v1.CommitResponse', { database: DB })).rejects.toMatchObject({ code: grpc.status.ALREADY_EXISTS });
  });

  it('turns unexpected exceptions into INTERNAL and keeps serving', async () => {
    answer = () => {
      throw new TypeError('boom');
    };
    const err = console.error;
    console.error = () => {};
    try {
      await expect(unary('Rollback', 'google.firestore.v1.RollbackRequest', 'google.protobuf.Empty', { database: DB, transaction: Buffer.from('x') })).rejects.toMatchObject({
        code: grpc.status.INTERNAL,
        details: expect.stringContaining('boom'),
      });
    } finally {
      console.error = err;
    }
    answer = () => ({});
    await expect(unary('Rollback', 'google.firestore.v1.RollbackRequest', 'google.protobuf.Empty', { database: DB, transaction: Buffer.from('x') })).resolves.toEqual({});
  });

  it('reports an engine response that does not fit the proto as INTERNAL', async () => {
    answer = () => ({ transaction: 'dHg=', bogus: 1 });
    await expect(unary('BeginTransaction', 'google.firestore.v1.BeginTransactionRequest', 'google.firestore.v1.BeginTransactionResponse', { database: DB })).rejects.toMatchObject({
      code: grpc.status.INTERNAL,
      details: expect.stringContaining('unknown field "bogus"'),
    });
  });

  it('rejects a malformed protobuf with INVALID_ARGUMENT', async () => {
    const before = calls.length;
    await expect(rawUnary('GetDocument', Buffer.from([0x0a, 0xff, 0xff, 0xff, 0x0f]))).rejects.toMatchObject({ code: grpc.status.INVALID_ARGUMENT });
    expect(calls.length).toBe(before);
    // Well-formed protobuf, impossible value: a timestamp after year 9999.
    await expect(
      unary('GetDocument', 'google.firestore.v1.GetDocumentRequest', 'google.firestore.v1.Document', { name: DOC, readTime: { seconds: 1e12 } }),
    ).rejects.toMatchObject({ code: grpc.status.INVALID_ARGUMENT, details: expect.stringContaining('out of range') });
    expect(calls.length).toBe(before);
  });

  it('answers Listen, Write and unknown methods with UNIMPLEMENTED and a hint', async () => {
    await expect(rawUnary('PartitionQuery', Buffer.alloc(0))).rejects.toMatchObject({ code: grpc.status.UNIMPLEMENTED });
    const listen = await new Promise<grpc.ServiceError>((resolve) => {
      const call = client.makeBidiStreamRequest('/google.firestore.v1.Firestore/Listen', (b: Buffer) => b, (b: Buffer) => b, metadata('Bearer owner'));
      call.on('error', resolve);
      call.on('data', () => {});
      call.write(Buffer.alloc(0));
    });
    expect(listen.code).toBe(grpc.status.UNIMPLEMENTED);
    expect(listen.details).toBe('Listen is not supported by the local Firestore engine; use get/query polling');
    await expect(
      new Promise((_resolve, reject) => client.makeUnaryRequest('/some.Other/Method', (b: Buffer) => b, (b: Buffer) => b, Buffer.alloc(0), (e) => reject(e))),
    ).rejects.toMatchObject({ code: grpc.status.UNIMPLEMENTED });
  });

  it('refuses a Listen target with a REMOVE change carrying the cause, then UNIMPLEMENTED', async () => {
    const listenRequest = lookupType('google.firestore.v1.ListenRequest');
    const listenResponse = lookupType('google.firestore.v1.ListenResponse');
    const messages: unknown[] = [];
    const status = await new Promise<grpc.StatusObject>((resolve) => {
      const call = client.makeBidiStreamRequest(
        '/google.firestore.v1.Firestore/Listen',
        (r: object) => Buffer.from(listenRequest.encode(listenRequest.fromObject(r)).finish()),
        (b: Buffer) => listenResponse.toObject(listenResponse.decode(b), { enums: String }),
        metadata('Bearer owner'),
      );
      call.on('data', (m) => messages.push(m));
      call.on('error', () => {});
      call.on('status', resolve);
      call.write({ database: DB, addTarget: { targetId: 3, documents: { documents: [DOC] } } });
    });
    expect(messages).toEqual([
      {
        targetChange: {
          targetChangeType: 'REMOVE',
          targetIds: [3],
          cause: { code: 12, message: 'Listen is not supported by the local Firestore engine; use get/query polling' },
        },
      },
    ]);
    expect(status.code).toBe(grpc.status.UNIMPLEMENTED);
  });

  it('survives clients that reset mid-request or speak plain HTTP/2, and keeps serving', async () => {
    const { port } = listener.address() as AddressInfo;
    const session = http2.connect(`http://127.0.0.1:${port}`);
    session.on('error', () => {});
    // Half a gRPC frame, then a reset.
    const partial = session.request({ ':method': 'POST', ':path': '/google.firestore.v1.Firestore/Commit', 'content-type': 'application/grpc' });
    partial.on('error', () => {});
    partial.write(Buffer.from([0, 0, 0, 1, 0, 1, 2]));
    partial.close(http2.constants.NGHTTP2_CANCEL);
    // Not gRPC at all.
    const plain = session.request({ ':method': 'GET', ':path': '/' });
    const status = await new Promise<number>((resolve) => plain.on('response', (h) => resolve(Number(h[':status']))));
    plain.resume();
    expect(status).toBe(415);
    session.destroy();
    answer = () => ({ name: DOC });
    await expect(unary('GetDocument', 'google.firestore.v1.GetDocumentRequest', 'google.firestore.v1.Document', { name: DOC })).resolves.toMatchObject({ name: DOC });
  });

  it('reads the caller from the authorization header', async () => {
    answer = () => ({ name: DOC });
    const get = (auth?: string) => unary('GetDocument', 'google.firestore.v1.GetDocumentRequest', 'google.firestore.v1.Document', { name: DOC }, auth);
    await get(`Bearer ${unsignedJwt({ user_id: 'u1', sub: 'ignored', email: 'a@b.c', role: 'client' })}`);
    expect(calls.at(-1)!.ctx.caller).toEqual({ kind: 'user', uid: 'u1', token: { user_id: 'u1', sub: 'ignored', email: 'a@b.c', role: 'client' } });
    await get(`Bearer ${unsignedJwt({ sub: 'u2' })}`);
    expect(calls.at(-1)!.ctx.caller).toMatchObject({ kind: 'user', uid: 'u2' });
    await get('');
    expect(calls.at(-1)!.ctx.caller).toEqual({ kind: 'anonymous' });
    await expect(get('Bearer not-a-jwt')).rejects.toMatchObject({ code: grpc.status.UNAUTHENTICATED });
  });
});
