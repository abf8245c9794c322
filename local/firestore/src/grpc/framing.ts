/**
 * gRPC message framing over HTTP/2 DATA: each message is a 1-byte compressed
 * flag, a 4-byte big-endian length and the protobuf bytes.
 */
import { gunzipSync, inflateSync } from 'node:zlib';

export class FramingError extends Error {}

/** Frames one protobuf message for the response body (never compressed). */
export function frame(message: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(5 + message.length);
  out[0] = 0;
  out.writeUInt32BE(message.length, 1);
  out.set(message, 5);
  return out;
}

/** Frames many messages into one buffer (one copy, one write). */
export function frameAll(messages: Uint8Array[]): Buffer {
  let total = 0;
  for (const m of messages) total += 5 + m.length;
  const out = Buffer.allocUnsafe(total);
  let at = 0;
  for (const m of messages) {
    out[at] = 0;
    out.writeUInt32BE(m.length, at + 1);
    out.set(m, at + 5);
    at += 5 + m.length;
  }
  return out;
}

/** Splits a complete request body into its messages, decompressing when flagged. */
export function unframe(body: Buffer, encoding: string | undefined): Buffer[] {
  const messages: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    if (body.length - at < 5) throw new FramingError('Truncated gRPC message header.');
    const compressed = body[at]!;
    const length = body.readUInt32BE(at + 1);
    at += 5;
    if (body.length - at < length) throw new FramingError('Truncated gRPC message.');
    const payload = body.subarray(at, at + length);
    at += length;
    if (compressed === 0) messages.push(payload);
    else if (compressed === 1) messages.push(decompress(payload, encoding));
    else throw new FramingError(`Invalid gRPC compressed flag ${compressed}.`);
  }
  return messages;
}

function decompress(payload: Buffer, encoding: string | undefined): Buffer {
  switch (encoding) {
    case 'gzip':
      return gunzipSync(payload);
    case 'deflate':
      return inflateSync(payload);
    default:
      throw new FramingError(`Compressed message with unsupported grpc-encoding "${encoding ?? 'identity'}".`);
  }
}

/** Percent-encodes grpc-message as the gRPC HTTP/2 spec requires (UTF-8, outside 0x20-0x7E and '%'). */
export function encodeGrpcMessage(message: string): string {
  let out = '';
  for (const byte of Buffer.from(message, 'utf8')) {
    out += byte >= 0x20 && byte <= 0x7e && byte !== 0x25 ? String.fromCharCode(byte) : '%' + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}
