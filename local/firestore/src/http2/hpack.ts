/**
 * HPACK (RFC 7541): the decoder for request header blocks, with its dynamic
 * table, and an encoder for our few response headers that writes every field
 * as a literal without indexing and without Huffman coding (always allowed,
 * and it keeps the peer's table untouched).
 */
import { huffmanDecode, HuffmanError } from './huffman.ts';

// prettier-ignore
const STATIC_TABLE: readonly (readonly [string, string])[] = [
  ['', ''], // index 0 is unused
  [':authority', ''], [':method', 'GET'], [':method', 'POST'], [':path', '/'], [':path', '/index.html'],
  [':scheme', 'http'], [':scheme', 'https'], [':status', '200'], [':status', '204'], [':status', '206'],
  [':status', '304'], [':status', '400'], [':status', '404'], [':status', '500'], ['accept-charset', ''],
  ['accept-encoding', 'gzip, deflate'], ['accept-language', ''], ['accept-ranges', ''], ['accept', ''],
  ['access-control-allow-origin', ''], ['age', ''], ['allow', ''], ['authorization', ''], ['cache-control', ''],
  ['content-disposition', ''], ['content-encoding', ''], ['content-language', ''], ['content-length', ''],
  ['content-location', ''], ['content-range', ''], ['content-type', ''], ['cookie', ''], ['date', ''],
  ['etag', ''], ['expect', ''], ['expires', ''], ['from', ''], ['host', ''], ['if-match', ''],
  ['if-modified-since', ''], ['if-none-match', ''], ['if-range', ''], ['if-unmodified-since', ''],
  ['last-modified', ''], ['link', ''], ['location', ''], ['max-forwards', ''], ['proxy-authenticate', ''],
  ['proxy-authorization', ''], ['range', ''], ['referer', ''], ['refresh', ''], ['retry-after', ''],
  ['server', ''], ['set-cookie', ''], ['strict-transport-security', ''], ['transfer-encoding', ''],
  ['user-agent', ''], ['vary', ''], ['via', ''], ['www-authenticate', ''],
];
const STATIC_COUNT = STATIC_TABLE.length - 1;

/** HPACK's default (and our advertised) SETTINGS_HEADER_TABLE_SIZE. */
export const HEADER_TABLE_SIZE = 4096;

export class HpackError extends Error {}

export type HeaderList = [string, string][];

export class HpackDecoder {
  /** Newest first, as HPACK indexes them. */
  private entries: [string, string][] = [];
  private size = 0;
  private maxSize = HEADER_TABLE_SIZE;

  /** Decodes one complete header block into (name, value) pairs in order. */
  decode(block: Uint8Array): HeaderList {
    const out: HeaderList = [];
    let at = 0;
    const int = (prefixBits: number): number => {
      const max = (1 << prefixBits) - 1;
      let value = block[at++]! & max;
      if (value < max) return value;
      let shift = 0;
      for (;;) {
        if (at >= block.length) throw new HpackError('Truncated integer');
        const b = block[at++]!;
        value += (b & 127) * 2 ** shift;
        if (b < 128) break;
        shift += 7;
        if (shift > 28) throw new HpackError('Integer too large');
      }
      return value;
    };
    const string = (): string => {
      if (at >= block.length) throw new HpackError('Truncated string');
      const huffman = (block[at]! & 128) !== 0;
      const length = int(7);
      const end = at + length;
      if (end > block.length) throw new HpackError('Truncated string');
      let text: string;
      try {
        text = huffman ? huffmanDecode(block, at, end) : Buffer.from(block.buffer, block.byteOffset + at, length).toString('latin1');
      } catch (err) {
        throw new HpackError(err instanceof HuffmanError ? err.message : 'Bad string literal');
      }
      at = end;
      return text;
    };
    const entry = (index: number): readonly [string, string] => {
      if (index === 0) throw new HpackError('Index 0');
      if (index <= STATIC_COUNT) return STATIC_TABLE[index]!;
      const dynamic = this.entries[index - STATIC_COUNT - 1];
      if (!dynamic) throw new HpackError(`Index ${index} is not in the table`);
      return dynamic;
    };

    while (at < block.length) {
      const b = block[at]!;
      if (b & 128) {
        const [name, value] = entry(int(7));
        out.push([name, value]);
      } else if (b & 64) {
        const index = int(6);
        const name = index === 0 ? string() : entry(index)[0];
        const value = string();
        out.push([name, value]);
        this.add(name, value);
      } else if (b & 32) {
        if (out.length > 0) throw new HpackError('Table size update after a header field');
        const size = int(5);
        if (size > HEADER_TABLE_SIZE) throw new HpackError(`Table size ${size} exceeds ${HEADER_TABLE_SIZE}`);
        this.maxSize = size;
        this.evict(0);
      } else {
        // Literal without indexing (0000) or never indexed (0001): both 4-bit prefixes.
        const index = int(4);
        const name = index === 0 ? string() : entry(index)[0];
        out.push([name, string()]);
      }
    }
    return out;
  }

  private add(name: string, value: string): void {
    const size = name.length + value.length + 32;
    if (size > this.maxSize) {
      this.entries = [];
      this.size = 0;
      return;
    }
    this.evict(size);
    this.entries.unshift([name, value]);
    this.size += size;
  }

  private evict(room: number): void {
    while (this.size + room > this.maxSize && this.entries.length > 0) {
      const [name, value] = this.entries.pop()!;
      this.size -= name.length + value.length + 32;
    }
  }
}

function writeInt(out: number[], first: number, prefixBits: number, value: number): void {
  const max = (1 << prefixBits) - 1;
  if (value < max) {
    out.push(first | value);
    return;
  }
  out.push(first | max);
  value -= max;
  while (value >= 128) {
    out.push((value % 128) | 128);
    value = Math.floor(value / 128);
  }
  out.push(value);
}

/** Encodes header fields as literals without indexing (names lower-case, values latin1). */
export function encodeHeaders(headers: Readonly<Record<string, string>>): Buffer {
  const out: number[] = [];
  const parts: Buffer[] = [];
  for (const name in headers) {
    const value = headers[name]!;
    out.push(0);
    writeInt(out, 0, 7, name.length);
    parts.push(Buffer.from(out), Buffer.from(name, 'latin1'));
    out.length = 0;
    writeInt(out, 0, 7, Buffer.byteLength(value, 'latin1'));
    parts.push(Buffer.from(out), Buffer.from(value, 'latin1'));
    out.length = 0;
  }
  return Buffer.concat(parts);
}
