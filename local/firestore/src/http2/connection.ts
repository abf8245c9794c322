/**
 * The server side of one HTTP/2 connection (RFC 9113), as much as a gRPC
 * server needs: frames, HPACK, flow control in both directions, CONTINUATION,
 * PING, SETTINGS, RST_STREAM and GOAWAY. Responses are whole: headers, body
 * and trailers are framed together and leave in one socket write, which is
 * what makes this faster than node:http2 for small RPCs (node:http2 sends
 * trailers in a later write and spends ~0.1 ms more CPU per stream).
 *
 * Protocol errors end the connection with GOAWAY; they never throw out of
 * the socket handlers.
 */
import type { Socket } from 'node:net';
import { encodeHeaders, HpackDecoder, HpackError } from './hpack.ts';

export const PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');

const FRAME = { DATA: 0, HEADERS: 1, PRIORITY: 2, RST_STREAM: 3, SETTINGS: 4, PUSH_PROMISE: 5, PING: 6, GOAWAY: 7, WINDOW_UPDATE: 8, CONTINUATION: 9 } as const;
const FLAG = { END_STREAM: 0x1, ACK: 0x1, END_HEADERS: 0x4, PADDED: 0x8, PRIORITY: 0x20 } as const;
const ERROR = { NO_ERROR: 0, PROTOCOL_ERROR: 1, INTERNAL_ERROR: 2, FLOW_CONTROL_ERROR: 3, FRAME_SIZE_ERROR: 6, COMPRESSION_ERROR: 9, ENHANCE_YOUR_CALM: 11 } as const;
const SETTING = { HEADER_TABLE_SIZE: 1, ENABLE_PUSH: 2, MAX_CONCURRENT_STREAMS: 3, INITIAL_WINDOW_SIZE: 4, MAX_FRAME_SIZE: 5 } as const;

const DEFAULT_WINDOW = 65_535;
const MAX_WINDOW = 2 ** 31 - 1;
/** What we let a peer send before it must wait: requests are at most 16 MiB. */
const STREAM_WINDOW = 32 * 1024 * 1024;
const CONNECTION_WINDOW = 1024 * 1024 * 1024;
const OUR_MAX_FRAME = 16_384;
const MAX_HEADER_BLOCK = 256 * 1024;

class ConnectionError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export type Headers = Readonly<Record<string, string>>;

export interface StreamHandlers {
  /** Each chunk of the request body, in order. */
  data?: (chunk: Buffer) => void;
  /** The client finished its request (END_STREAM). */
  end?: () => void;
  /** The stream was reset by the client or the connection went away. */
  close?: () => void;
}

/** One request stream. Body chunks that arrive before `on()` is called wait for it. */
export class Http2ServerStream {
  closed = false;
  remoteEnded = false;
  localEnded = false;
  sendWindow: number;
  recvUnacked = 0;
  /** Response frames still waiting for flow-control window. */
  pendingData: Buffer | null = null;
  pendingTrailers: Buffer | null = null;
  private handlers: StreamHandlers | null = null;
  private early: Buffer[] = [];

  constructor(
    readonly id: number,
    readonly headers: Headers,
    private readonly connection: Http2Connection,
  ) {
    this.sendWindow = connection.peerInitialWindow;
  }

  on(handlers: StreamHandlers): void {
    this.handlers = handlers;
    for (const chunk of this.early.splice(0)) handlers.data?.(chunk);
    if (this.remoteEnded) handlers.end?.();
    if (this.closed && !this.localEnded) handlers.close?.();
  }

  /**
   * Sends the whole response. With neither body nor trailers the HEADERS
   * frame ends the stream (a gRPC "Trailers-Only" response).
   */
  respond(headers: Headers, body?: Buffer | null, trailers?: Headers | null): void {
    if (this.closed || this.localEnded) return;
    this.connection.respond(this, headers, body ?? null, trailers ?? null);
  }

  /** @internal */
  receive(chunk: Buffer): void {
    if (this.handlers) this.handlers.data?.(chunk);
    else this.early.push(chunk);
  }

  /** @internal */
  receiveEnd(): void {
    this.remoteEnded = true;
    this.handlers?.end?.();
  }

  /** @internal */
  reset(): void {
    if (this.closed) return;
    this.closed = true;
    this.pendingData = null;
    this.pendingTrailers = null;
    this.handlers?.close?.();
  }
}

function frameHeader(length: number, type: number, flags: number, streamId: number): Buffer {
  const h = Buffer.allocUnsafe(9);
  h[0] = (length >>> 16) & 255;
  h[1] = (length >>> 8) & 255;
  h[2] = length & 255;
  h[3] = type;
  h[4] = flags;
  h.writeUInt32BE(streamId, 5);
  return h;
}

function u32(n: number): Buffer {
  const b = Buffer.allocUnsafe(4);
  b.writeUInt32BE(n);
  return b;
}

/** A header block as HEADERS (+ CONTINUATION) frames no larger than `maxFrame`. */
function headerFrames(out: Buffer[], streamId: number, block: Buffer, endStream: boolean, maxFrame: number): void {
  let at = 0;
  let first = true;
  do {
    const part = block.subarray(at, at + maxFrame);
    at += part.length;
    const last = at >= block.length;
    const flags = (last ? FLAG.END_HEADERS : 0) | (first && endStream ? FLAG.END_STREAM : 0);
    out.push(frameHeader(part.length, first ? FRAME.HEADERS : FRAME.CONTINUATION, flags, streamId), part);
    first = false;
  } while (at < block.length);
}

/** Encoded header blocks of the responses we send again and again. */
const blockCache = new WeakMap<Headers, Buffer>();
function headerBlock(headers: Headers): Buffer {
  let block = blockCache.get(headers);
  if (!block) {
    block = encodeHeaders(headers);
    if (Object.isFrozen(headers)) blockCache.set(headers, block);
  }
  return block;
}

export class Http2Connection {
  peerInitialWindow = DEFAULT_WINDOW;
  private peerMaxFrame = 16_384;
  private sendWindow = DEFAULT_WINDOW;
  private recvUnacked = 0;
  private readonly streams = new Map<number, Http2ServerStream>();
  private readonly decoder = new HpackDecoder();
  private input: Buffer = Buffer.alloc(0);
  private prefaceSeen = false;
  private lastStreamId = 0;
  private headerBlock: { streamId: number; endStream: boolean; parts: Buffer[]; size: number } | null = null;
  private out: Buffer[] | null = null;
  private dead = false;
  private goingAway = false;

  constructor(
    private readonly socket: Socket,
    private readonly onStream: (stream: Http2ServerStream) => void,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', () => this.teardown());
    socket.on('close', () => this.teardown());
    // Our SETTINGS, and a connection window big enough that clients never wait on us.
    const settings = Buffer.allocUnsafe(6);
    settings.writeUInt16BE(SETTING.INITIAL_WINDOW_SIZE, 0);
    settings.writeUInt32BE(STREAM_WINDOW, 2);
    this.write([
      frameHeader(6, FRAME.SETTINGS, 0, 0),
      settings,
      frameHeader(4, FRAME.WINDOW_UPDATE, 0, 0),
      u32(CONNECTION_WINDOW - DEFAULT_WINDOW),
    ]);
  }

  /** Stops taking new streams; the socket ends once open ones are answered. */
  close(): void {
    if (this.dead || this.goingAway) return;
    this.goingAway = true;
    this.write([frameHeader(8, FRAME.GOAWAY, 0, 0), u32(this.lastStreamId), u32(ERROR.NO_ERROR)]);
    this.endIfIdle();
  }

  destroy(): void {
    this.socket.destroy();
    this.teardown();
  }

  /* ----------------------------- output ----------------------------- */

  private write(frames: Buffer[]): void {
    if (this.dead) return;
    if (this.out) {
      // Inside onData: everything we answer to one read leaves in one write.
      this.out.push(...frames);
      return;
    }
    this.socket.write(frames.length === 1 ? frames[0]! : Buffer.concat(frames));
  }

  respond(stream: Http2ServerStream, headers: Headers, body: Buffer | null, trailers: Headers | null): void {
    const frames: Buffer[] = [];
    const endWithHeaders = !body?.length && !trailers;
    headerFrames(frames, stream.id, headerBlock(headers), endWithHeaders, this.peerMaxFrame);
    stream.localEnded = true;
    if (!endWithHeaders) {
      stream.pendingData = body?.length ? body : null;
      stream.pendingTrailers = trailers ? headerBlock(trailers) : Buffer.alloc(0);
      this.flushStream(stream, frames);
    }
    this.write(frames);
    if (!stream.pendingData && !stream.pendingTrailers) this.finish(stream);
  }

  /** Sends as much of a stream's pending body as the windows allow, then its trailers. */
  private flushStream(stream: Http2ServerStream, frames: Buffer[]): void {
    let data = stream.pendingData;
    const trailers = stream.pendingTrailers;
    while (data && data.length > 0) {
      const n = Math.min(data.length, this.peerMaxFrame, stream.sendWindow, this.sendWindow);
      if (n <= 0) break;
      const chunk = data.subarray(0, n);
      data = n === data.length ? null : data.subarray(n);
      stream.sendWindow -= n;
      this.sendWindow -= n;
      // An empty trailer block means "no trailers": the last DATA frame ends the stream.
      const ends = !data && trailers !== null && trailers.length === 0;
      frames.push(frameHeader(n, FRAME.DATA, ends ? FLAG.END_STREAM : 0, stream.id), chunk);
    }
    stream.pendingData = data;
    if (!data && trailers) {
      if (trailers.length > 0) headerFrames(frames, stream.id, trailers, true, this.peerMaxFrame);
      stream.pendingTrailers = null;
    }
  }

  private flushAll(): void {
    const frames: Buffer[] = [];
    for (const stream of this.streams.values()) {
      if (!stream.pendingData && !stream.pendingTrailers) continue;
      this.flushStream(stream, frames);
      if (!stream.pendingData && !stream.pendingTrailers) this.finish(stream);
      if (this.sendWindow <= 0) break;
    }
    if (frames.length) this.write(frames);
  }

  /** Our side is done: forget the stream, asking the client to stop sending if it has not finished. */
  private finish(stream: Http2ServerStream): void {
    if (!stream.remoteEnded && !stream.closed) {
      this.write([frameHeader(4, FRAME.RST_STREAM, 0, stream.id), u32(ERROR.NO_ERROR)]);
    }
    stream.closed = true;
    this.streams.delete(stream.id);
    this.endIfIdle();
  }

  private endIfIdle(): void {
    if (this.goingAway && this.streams.size === 0 && !this.dead) {
      this.socket.end();
      setTimeout(() => this.destroy(), 1000).unref();
    }
  }

  private teardown(): void {
    if (this.dead) return;
    this.dead = true;
    for (const stream of this.streams.values()) stream.reset();
    this.streams.clear();
  }

  private fail(err: unknown): void {
    const code = err instanceof ConnectionError ? err.code : err instanceof HpackError ? ERROR.COMPRESSION_ERROR : ERROR.INTERNAL_ERROR;
    const message = Buffer.from(err instanceof Error ? err.message : String(err)).subarray(0, 200);
    this.out = null;
    this.write([frameHeader(8 + message.length, FRAME.GOAWAY, 0, 0), u32(this.lastStreamId), u32(code), message]);
    this.socket.end();
    setTimeout(() => this.destroy(), 100).unref();
    this.teardown();
  }

  /* ------------------------------ input ------------------------------ */

  private onData(chunk: Buffer): void {
    if (this.dead) return;
    this.input = this.input.length ? Buffer.concat([this.input, chunk]) : chunk;
    this.out = [];
    try {
      this.consume();
    } catch (err) {
      this.fail(err);
      return;
    }
    const frames = this.out;
    this.out = null;
    if (frames.length) this.write(frames);
  }

  private consume(): void {
    let input = this.input;
    if (!this.prefaceSeen) {
      if (input.length < PREFACE.length) return;
      if (!input.subarray(0, PREFACE.length).equals(PREFACE)) throw new ConnectionError(ERROR.PROTOCOL_ERROR, 'Bad connection preface');
      this.prefaceSeen = true;
      input = input.subarray(PREFACE.length);
    }
    while (input.length >= 9 && !this.dead) {
      const length = (input[0]! << 16) | (input[1]! << 8) | input[2]!;
      if (length > OUR_MAX_FRAME) throw new ConnectionError(ERROR.FRAME_SIZE_ERROR, `Frame of ${length} bytes exceeds ${OUR_MAX_FRAME}`);
      if (input.length < 9 + length) break;
      const type = input[3]!;
      const flags = input[4]!;
      const streamId = input.readUInt32BE(5) & 0x7fffffff;
      const payload = input.subarray(9, 9 + length);
      input = input.subarray(9 + length);
      this.frame(type, flags, streamId, payload);
    }
    this.input = input;
  }

  private frame(type: number, flags: number, streamId: number, payload: Buffer): void {
    if (this.headerBlock && type !== FRAME.CONTINUATION) {
      throw new ConnectionError(ERROR.PROTOCOL_ERROR, 'Expected CONTINUATION');
    }
    switch (type) {
      case FRAME.DATA:
        return this.onDataFrame(flags, streamId, payload);
      case FRAME.HEADERS:
        return this.onHeadersFrame(flags, streamId, payload);
      case FRAME.CONTINUATION:
        return this.onContinuation(flags, streamId, payload);
      case FRAME.PRIORITY:
        if (payload.length !== 5) throw new ConnectionError(ERROR.FRAME_SIZE_ERROR, 'PRIORITY frame must be 5 bytes');
        return;
      case FRAME.RST_STREAM: {
        if (payload.length !== 4) throw new ConnectionError(ERROR.FRAME_SIZE_ERROR, 'RST_STREAM frame must be 4 bytes');
        const stream = this.streams.get(streamId);
        if (stream) {
          this.streams.delete(streamId);
          stream.reset();
          this.endIfIdle();
        }
        return;
      }
      case FRAME.SETTINGS:
        return this.onSettings(flags, streamId, payload);
      case FRAME.PUSH_PROMISE:
        throw new ConnectionError(ERROR.PROTOCOL_ERROR, 'Clients must not send PUSH_PROMISE');
      case FRAME.PING:
        if (payload.length !== 8 || streamId !== 0) throw new ConnectionError(ERROR.PROTOCOL_ERROR, 'Bad PING frame');
        if (!(flags & FLAG.ACK)) this.write([frameHeader(8, FRAME.PING, FLAG.ACK, 0), Buffer.from(payload)]);
        return;
      case FRAME.GOAWAY:
        this.goingAway = true;
        this.endIfIdle();
        return;
      case FRAME.WINDOW_UPDATE:
        return this.onWindowUpdate(streamId, payload);
      default:
        return; // unknown frame types are ignored (RFC 9113, 4.1)
    }
  }

  private unpad(flags: number, payload: Buffer): Buffer {
    if (!(flags & FLAG.PADDED)) return payload;
    if (payload.length < 1 || payload[0]! >= payload.length) throw new ConnectionError(ERROR.PROTOCOL_ERROR, 'Bad padding');
    return payload.subarray(1, payload.length - payload[0]!);
  }

  private onDataFrame(flags: number, streamId: number, payload: Buffer): void {
    if (streamId === 0) throw new ConnectionError(ERROR.PROTOCOL_ERROR, 'DATA on stream 0');
    // Flow control counts the whole frame, padding included, whoever it was for.
    this.recvUnacked += payload.length;
    if (this.recvUnacked >= CONNECTION_WINDOW / 2) {
      this.write([frameHeader(4, FRAME.WINDOW_UPDATE, 0, 0), u32(this.recvUnacked)]);
      this.recvUnacked = 0;
    }
    const stream = this.streams.get(streamId);
    if (!stream || stream.remoteEnded) return; // answered and forgotten, or reset: drop
    const data = this.unpad(flags, payload);
    stream.recvUnacked += payload.length;
    if (stream.recvUnacked >= STREAM_WINDOW / 2 && !(flags & FLAG.END_STREAM)) {
      this.write([frameHeader(4, FRAME.WINDOW_UPDATE, 0, streamId), u32(stream.recvUnacked)]);
      stream.recvUnacked = 0;
    }
    if (data.length > 0) stream.receive(data);
    if (flags & FLAG.END_STREAM) this.remoteEnd(stream);
  }

  private onHeadersFrame(flags: number, streamId: number, payload: Buffer): void {
    if (streamId === 0) throw new ConnectionError(ERROR.PROTOCOL_ERROR, 'HEADERS on stream 0');
    let fragment = this.unpad(flags, payload);
    if (flags & FLAG.PRIORITY) {
      if (fragment.length < 5) throw new ConnectionError(ERROR.FRAME_SIZE_ERROR, 'HEADERS priority fields truncated');
      fragment = fragment.subarray(5);
    }
    this.headerBlock = { streamId, endStream: (flags & FLAG.END_STREAM) !== 0, parts: [fragment], size: fragment.length };
    if (flags & FLAG.END_HEADERS) this.headersComplete();
  }

  private onContinuation(flags: number, streamId: number, payload: Buffer): void {
    const block = this.headerBlock;
    if (!block || block.streamId !== streamId) throw new ConnectionError(ERROR.PROTOCOL_ERROR, 'Unexpected CONTINUATION');
    block.parts.push(payload);
    block.size += payload.length;
    if (block.size > MAX_HEADER_BLOCK) throw new ConnectionError(ERROR.ENHANCE_YOUR_CALM, 'Header block too large');
    if (flags & FLAG.END_HEADERS) this.headersComplete();
  }

  private headersComplete(): void {
    const block = this.headerBlock!;
    this.headerBlock = null;
    // Every block goes through the decoder, even ones we ignore, to keep its table in step.
    const list = this.decoder.decode(block.parts.length === 1 ? block.parts[0]! : Buffer.concat(block.parts));
    const existing = this.streams.get(block.streamId);
    if (existing) {
      // Request trailers: nothing in them matters to us, but they may end the stream.
      if (block.endStream) this.remoteEnd(existing);
      return;
    }
    if (block.streamId <= this.lastStreamId || block.streamId % 2 === 0) {
      // A stream we already finished (late trailers) or an invalid id: nothing to do.
      if (block.streamId % 2 === 0) throw new ConnectionError(ERROR.PROTOCOL_ERROR, 'Client stream ids are odd');
      return;
    }
    this.lastStreamId = block.streamId;
    if (this.goingAway) {
      this.write([frameHeader(4, FRAME.RST_STREAM, 0, block.streamId), u32(7 /* REFUSED_STREAM */)]);
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of list) if (!(name in headers)) headers[name] = value;
    const stream = new Http2ServerStream(block.streamId, headers, this);
    this.streams.set(stream.id, stream);
    if (block.endStream) stream.remoteEnded = true;
    this.onStream(stream);
  }

  private remoteEnd(stream: Http2ServerStream): void {
    stream.receiveEnd();
    if (stream.localEnded && !stream.pendingData && !stream.pendingTrailers) {
      this.streams.delete(stream.id);
      this.endIfIdle();
    }
  }

  private onSettings(flags: number, streamId: number, payload: Buffer): void {
    if (streamId !== 0) throw new ConnectionError(ERROR.PROTOCOL_ERROR, 'SETTINGS on a stream');
    if (flags & FLAG.ACK) return;
    if (payload.length % 6 !== 0) throw new ConnectionError(ERROR.FRAME_SIZE_ERROR, 'SETTINGS length is not a multiple of 6');
    for (let at = 0; at < payload.length; at += 6) {
      const id = payload.readUInt16BE(at);
      const value = payload.readUInt32BE(at + 2);
      if (id === SETTING.INITIAL_WINDOW_SIZE) {
        if (value > MAX_WINDOW) throw new ConnectionError(ERROR.FLOW_CONTROL_ERROR, 'INITIAL_WINDOW_SIZE too large');
        const delta = value - this.peerInitialWindow;
        this.peerInitialWindow = value;
        for (const stream of this.streams.values()) stream.sendWindow += delta;
      } else if (id === SETTING.MAX_FRAME_SIZE) {
        if (value < 16_384 || value > 16_777_215) throw new ConnectionError(ERROR.PROTOCOL_ERROR, 'Bad MAX_FRAME_SIZE');
        this.peerMaxFrame = value;
      }
      // HEADER_TABLE_SIZE limits the peer's decoder table, which our literals never use;
      // ENABLE_PUSH and MAX_CONCURRENT_STREAMS concern streams we never open.
    }
    this.write([frameHeader(0, FRAME.SETTINGS, FLAG.ACK, 0)]);
    this.flushAll();
  }

  private onWindowUpdate(streamId: number, payload: Buffer): void {
    if (payload.length !== 4) throw new ConnectionError(ERROR.FRAME_SIZE_ERROR, 'WINDOW_UPDATE must be 4 bytes');
    const increment = payload.readUInt32BE(0) & 0x7fffffff;
    if (streamId === 0) {
      if (increment === 0) throw new ConnectionError(ERROR.PROTOCOL_ERROR, 'WINDOW_UPDATE of 0');
      this.sendWindow += increment;
      if (this.sendWindow > MAX_WINDOW) throw new ConnectionError(ERROR.FLOW_CONTROL_ERROR, 'Connection window overflow');
    } else {
      const stream = this.streams.get(streamId);
      if (!stream) return;
      stream.sendWindow += increment;
    }
    this.flushAll();
  }
}
