/**
 * Raw google.firestore.v1.Firestore calls over gRPC, for the RPCs firebase-admin
 * never sends (CreateDocument, UpdateDocument, DeleteDocument, BeginTransaction,
 * ...) and for bad input. Messages are encoded with the protos @google-cloud/firestore
 * ships (test/../src/grpc/protos.ts only loads that descriptor), so this works
 * against any Firestore server, including Google's emulator.
 */
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll } from 'vitest';
import { lookupType } from '../src/grpc/protos.ts';
import { startAdmin, type AdminHarness } from './admin-client.ts';
import type { HarnessOptions } from './harness.ts';

/** gRPC status codes by name (OK, INVALID_ARGUMENT, NOT_FOUND, ...). */
export const status = grpc.status;

export interface RawResult {
  /** 0 = OK */
  code: number;
  details: string;
  /** Decoded responses (one for unary calls, any number for server-streaming ones). */
  messages: any[];
}

const TO_OBJECT = { longs: String, enums: String, bytes: String, oneofs: false, defaults: false } as const;

export class RawGrpc {
  private readonly client: grpc.Client;

  constructor(target: string) {
    this.client = new grpc.Client(target, grpc.credentials.createInsecure());
  }

  close(): void {
    this.client.close();
  }

  private metadata(authorization: string | null): grpc.Metadata {
    const md = new grpc.Metadata();
    if (authorization) md.set('authorization', authorization);
    return md;
  }

  /**
   * A unary call. `request` is a protobuf-JSON object (or raw bytes, sent as is);
   * the response is decoded with `responseType`.
   */
  unary(method: string, requestType: string, request: object | Buffer, responseType: string, authorization: string | null = 'Bearer owner'): Promise<RawResult> {
    const reqType = lookupType(`google.firestore.v1.${requestType}`);
    const resType = lookupType(responseType.includes('.') ? responseType : `google.firestore.v1.${responseType}`);
    const bytes = Buffer.isBuffer(request) ? request : Buffer.from(reqType.encode(reqType.fromObject(request)).finish());
    return new Promise((resolve) => {
      this.client.makeUnaryRequest(
        `/google.firestore.v1.Firestore/${method}`,
        () => bytes,
        (b: Buffer) => resType.toObject(resType.decode(b), TO_OBJECT),
        null,
        this.metadata(authorization),
        (err, res) => resolve(err ? { code: err.code, details: err.details, messages: [] } : { code: 0, details: '', messages: [res] }),
      );
    });
  }

  /** A server-streaming call (BatchGetDocuments, RunQuery, RunAggregationQuery). */
  stream(method: string, requestType: string, request: object | Buffer, responseType: string, authorization: string | null = 'Bearer owner'): Promise<RawResult> {
    const reqType = lookupType(`google.firestore.v1.${requestType}`);
    const resType = lookupType(`google.firestore.v1.${responseType}`);
    const bytes = Buffer.isBuffer(request) ? request : Buffer.from(reqType.encode(reqType.fromObject(request)).finish());
    return new Promise((resolve) => {
      const messages: any[] = [];
      const call = this.client.makeServerStreamRequest(
        `/google.firestore.v1.Firestore/${method}`,
        () => bytes,
        (b: Buffer) => resType.toObject(resType.decode(b), TO_OBJECT),
        null,
        this.metadata(authorization),
      );
      call.on('data', (m) => messages.push(m));
      call.on('error', () => {});
      call.on('status', (s: grpc.StatusObject) => resolve({ code: s.code, details: s.details, messages }));
    });
  }
}

/** A protobuf Timestamp {seconds, nanos} (seconds as a string) as microseconds since the epoch. */
export function micros(ts: { seconds?: string | number; nanos?: number } | undefined): bigint {
  if (!ts) throw new Error('no timestamp');
  return BigInt(ts.seconds ?? 0) * 1_000_000n + BigInt(Math.floor((ts.nanos ?? 0) / 1000));
}

export interface RawGrpcSuite {
  /** The firebase-admin harness (set once the suite's beforeAll ran). */
  fx: AdminHarness;
  /** A raw gRPC client on the same server. */
  rpc: RawGrpc;
}

/**
 * For one test file (or describe block): a firebase-admin harness and a raw
 * gRPC client on one server, started before and stopped after its tests.
 */
export function rawGrpcSuite(opts: HarnessOptions = {}): RawGrpcSuite & { database(): string } {
  const suite = {} as RawGrpcSuite & { database(): string };
  suite.database = () => `projects/${suite.fx.harness.projectId}/databases/(default)`;
  beforeAll(async () => {
    suite.fx = await startAdmin(opts);
    suite.rpc = new RawGrpc(suite.fx.harness.target);
  });
  afterAll(async () => {
    suite.rpc?.close();
    await suite.fx?.stop();
  });
  return suite;
}
