/**
 * The seam between the engine (storage, queries, writes) and its transports
 * (REST/JSON over HTTP/1.1 and gRPC over HTTP/2) and the rules evaluator.
 *
 * Every request and response is in the Firestore v1 REST form: the proto3 JSON
 * mapping of google.firestore.v1 messages (camelCase fields, int64 as decimal
 * strings, bytes and transaction ids as base64 strings, timestamps as RFC 3339
 * strings, Int32Value wrappers as plain numbers). The gRPC transport converts
 * to and from this form; the REST transport passes it through.
 */

/** A google.firestore.v1.Value in proto3 JSON form. */
export type Value =
  | { nullValue: null | 'NULL_VALUE' }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number | 'NaN' | 'Infinity' | '-Infinity' }
  | { timestampValue: string }
  | { stringValue: string }
  | { bytesValue: string }
  | { referenceValue: string }
  | { geoPointValue: { latitude: number; longitude: number } }
  | { arrayValue: { values?: Value[] } }
  | { mapValue: { fields?: Record<string, Value> } };

/** A google.firestore.v1.Document in proto3 JSON form. */
export interface Document {
  name: string;
  fields?: Record<string, Value>;
  createTime?: string;
  updateTime?: string;
}

export type ErrorCode =
  | 'CANCELLED'
  | 'UNKNOWN'
  | 'INVALID_ARGUMENT'
  | 'DEADLINE_EXCEEDED'
  | 'NOT_FOUND'
  | 'ALREADY_EXISTS'
  | 'PERMISSION_DENIED'
  | 'RESOURCE_EXHAUSTED'
  | 'FAILED_PRECONDITION'
  | 'ABORTED'
  | 'OUT_OF_RANGE'
  | 'UNIMPLEMENTED'
  | 'INTERNAL'
  | 'UNAVAILABLE'
  | 'DATA_LOSS'
  | 'UNAUTHENTICATED';

/** gRPC status numbers, in the order of google.rpc.Code. */
export const GRPC_CODE: Record<ErrorCode, number> = {
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
};

/** HTTP statuses Google's REST endpoint uses for each code. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  CANCELLED: 499,
  UNKNOWN: 500,
  INVALID_ARGUMENT: 400,
  DEADLINE_EXCEEDED: 504,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  PERMISSION_DENIED: 403,
  RESOURCE_EXHAUSTED: 429,
  FAILED_PRECONDITION: 400,
  ABORTED: 409,
  OUT_OF_RANGE: 400,
  UNIMPLEMENTED: 501,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DATA_LOSS: 500,
  UNAUTHENTICATED: 401,
};

export class FirestoreError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'FirestoreError';
  }
}

/** Who is calling: the admin (bearer "owner"), a signed-in user, or nobody. */
export type Caller =
  | { kind: 'owner' }
  | { kind: 'user'; uid: string; token: Record<string, unknown> }
  | { kind: 'anonymous' };

export interface CallContext {
  caller: Caller;
}

/**
 * The google.firestore.v1.Firestore service. `req` and results are the REST
 * request/response bodies (path parameters folded in under their proto field
 * names: name, parent, database, collectionId, documentId). Streaming RPCs
 * return the whole list of stream messages.
 */
export interface FirestoreBackend {
  getDocument(req: Record<string, unknown>, ctx: CallContext): Promise<Document>;
  batchGetDocuments(req: Record<string, unknown>, ctx: CallContext): Promise<Record<string, unknown>[]>;
  listDocuments(req: Record<string, unknown>, ctx: CallContext): Promise<Record<string, unknown>>;
  listCollectionIds(req: Record<string, unknown>, ctx: CallContext): Promise<Record<string, unknown>>;
  runQuery(req: Record<string, unknown>, ctx: CallContext): Promise<Record<string, unknown>[]>;
  runAggregationQuery(req: Record<string, unknown>, ctx: CallContext): Promise<Record<string, unknown>[]>;
  commit(req: Record<string, unknown>, ctx: CallContext): Promise<Record<string, unknown>>;
  batchWrite(req: Record<string, unknown>, ctx: CallContext): Promise<Record<string, unknown>>;
  beginTransaction(req: Record<string, unknown>, ctx: CallContext): Promise<Record<string, unknown>>;
  rollback(req: Record<string, unknown>, ctx: CallContext): Promise<Record<string, unknown>>;
  createDocument(req: Record<string, unknown>, ctx: CallContext): Promise<Document>;
  updateDocument(req: Record<string, unknown>, ctx: CallContext): Promise<Document>;
  deleteDocument(req: Record<string, unknown>, ctx: CallContext): Promise<Record<string, unknown>>;
}

/* ----------------------------- rules seam ----------------------------- */

export type RulesMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

/** A document as the rules see it: REST-form fields plus its full path. */
export interface RulesDocument {
  /** e.g. "/databases/(default)/documents/voiceglow/abc" */
  path: string;
  fields: Record<string, Value>;
}

export interface RulesRequest {
  /** Database id, e.g. "(default)" or "voiceglow-eu". */
  database: string;
  /** Full path of the document the request touches, e.g. "/databases/(default)/documents/users/u1". */
  path: string;
  method: RulesMethod;
  /** null when unauthenticated; token is the decoded ID-token payload (claims). */
  auth: { uid: string; token: Record<string, unknown> } | null;
  /** The stored document before the request (null when it does not exist). */
  resource: RulesDocument | null;
  /** For create/update: the document as it would be after the write. */
  requestResource: RulesDocument | null;
  /** For list: the query's limit, offset and orderBy field paths. */
  query?: { limit?: number; offset?: number; orderBy?: string[] };
  time: Date;
  /**
   * How many distinct documents get()/exists()/getAfter()/existsAfter() may read:
   * 10 (the default) for single-document requests and queries, 20 for batched
   * writes and transactions. Exceeding it denies the request.
   */
  accessLimit?: number;
}

/** Synchronous document access for get()/exists() and getAfter()/existsAfter(). */
export interface RulesDocumentAccess {
  get(path: string): RulesDocument | null;
  getAfter(path: string): RulesDocument | null;
}

export interface CompiledRules {
  /** true to allow; false to deny (including on evaluation errors). */
  authorize(request: RulesRequest, access: RulesDocumentAccess): boolean;
}
