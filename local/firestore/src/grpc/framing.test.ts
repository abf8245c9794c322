import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeGrpcMessage, frame, frameAll, FramingError, unframe } from './framing.ts';

describe('gRPC framing', () => {
  it('frames and unframes messages, including empty ones', () => {
    const a = Buffer.from('hello');
    const b = Buffer.alloc(0);
    const body = frameAll([a, b, a]);
    expect(body.length).toBe(3 * 5 + 10);
    expect(body.subarray(0, 5)).toEqual(Buffer.from([0, 0, 0, 0, 5]));
    expect(unframe(body, undefined)).toEqual([a, b, a]);
    expect(frame(a)).toEqual(frameAll([a]));
  });

  it('decompresses gzip-flagged messages and rejects unknown encodings and truncation', () => {
    const payload = Buffer.from('compressed payload');
    const z = gzipSync(payload);
    const body = Buffer.concat([Buffer.from([1, 0, 0, 0, z.length]), z]);
    expect(unframe(body, 'gzip')).toEqual([payload]);
    expect(() => unframe(body, 'snappy')).toThrow(FramingError);
    expect(() => unframe(frame(payload).subarray(0, 8), undefined)).toThrow('Truncated gRPC message.');
    expect(() => unframe(Buffer.from([0, 0]), undefined)).toThrow('Truncated gRPC message header.');
  });

  it('percent-encodes grpc-message outside printable ASCII and the percent sign', () => {
    expect(encodeGrpcMessage('plain text: ok')).toBe('plain text: ok');
    expect(encodeGrpcMessage('100% ü\n')).toBe('100%25 %C3%BC%0A');
  });
});
