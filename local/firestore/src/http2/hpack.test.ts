import { describe, expect, it } from 'vitest';
import { encodeHeaders, HpackDecoder, HpackError } from './hpack.ts';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');

describe('HpackDecoder', () => {
  // RFC 7541 C.3 and C.4: three requests on one connection, without and with Huffman coding.
  it.each([
    ['without Huffman (C.3)', ['828684410f7777772e6578616d706c652e636f6d', '828684be58086e6f2d6361636865', '828785bf400a637573746f6d2d6b65790c637573746f6d2d76616c7565']],
    ['with Huffman (C.4)', ['828684418cf1e3c2e5f23a6ba0ab90f4ff', '828684be5886a8eb10649cbf', '828785bf408825a849e95ba97d7f8925a849e95bb8e8b4bf']],
  ])('decodes the RFC 7541 request sequence %s, dynamic table included', (_name, blocks) => {
    const decoder = new HpackDecoder();
    expect(decoder.decode(hex(blocks[0]!))).toEqual([
      [':method', 'GET'],
      [':scheme', 'http'],
      [':path', '/'],
      [':authority', 'www.example.com'],
    ]);
    expect(decoder.decode(hex(blocks[1]!))).toEqual([
      [':method', 'GET'],
      [':scheme', 'http'],
      [':path', '/'],
      [':authority', 'www.example.com'],
      ['cache-control', 'no-cache'],
    ]);
    expect(decoder.decode(hex(blocks[2]!))).toEqual([
      [':method', 'GET'],
      [':scheme', 'https'],
      [':path', '/index.html'],
      [':authority', 'www.example.com'],
      ['custom-key', 'custom-value'],
    ]);
  });

  it('evicts the oldest entries when a size update shrinks the table', () => {
    const decoder = new HpackDecoder();
    decoder.decode(hex('400a637573746f6d2d6b65790c637573746f6d2d76616c7565')); // custom-key: custom-value (index 62)
    expect(decoder.decode(hex('be'))).toEqual([['custom-key', 'custom-value']]);
    expect(() => decoder.decode(hex('20 be'))).toThrow(HpackError); // size 0 empties the table
  });

  it.each([
    ['an index past the table', 'ff00'],
    ['index 0', '80'],
    ['a truncated string', '400a6375'],
    ['a truncated integer', '7fff'],
    ['a size update above the advertised table size', '3fe21f'],
    ['bad Huffman padding', '418cf1e3c2e5f23a6ba0ab90f4fe'],
  ])('rejects %s', (_name, block) => {
    expect(() => new HpackDecoder().decode(hex(block))).toThrow(HpackError);
  });
});

describe('encodeHeaders', () => {
  it('writes literals that a decoder reads back unchanged', () => {
    const headers = { ':status': '200', 'content-type': 'application/grpc', 'grpc-message': 'x'.repeat(300) };
    expect(new HpackDecoder().decode(encodeHeaders(headers))).toEqual(Object.entries(headers));
  });
});
