import { describe, expect, it } from 'vitest';
import { CODE_LENGTHS, codeOf, EOS, huffmanDecode } from './huffman.ts';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');

describe('HPACK Huffman code', () => {
  it('is a complete prefix code over 257 symbols', () => {
    expect(CODE_LENGTHS).toHaveLength(257);
    // Kraft: the code lengths of a complete prefix code sum to exactly 1.
    const kraft = CODE_LENGTHS.reduce((sum, len) => sum + 2 ** (30 - len), 0);
    expect(kraft).toBe(2 ** 30);
  });

  it.each([
    [0, 0x1ff8],
    [1, 0x7fffd8],
    [9, 0xffffea],
    [10, 0x3ffffffc],
    [32, 0x14], // ' '
    [36, 0x1ff9], // '$'
    [48, 0x0], // '0'
    [97, 0x3], // 'a'
    [128, 0xfffe6],
    [220, 0xffffffd],
    [255, 0x3ffffee],
    [EOS, 0x3fffffff],
  ])('symbol %i has the RFC 7541 code %s', (symbol, code) => {
    expect(codeOf(symbol)).toBe(code);
  });

  it.each([
    ['f1e3 c2e5 f23a 6ba0 ab90 f4ff', 'www.example.com'],
    ['a8eb 1064 9cbf', 'no-cache'],
    ['25a8 49e9 5ba9 7d7f', 'custom-key'],
    ['25a8 49e9 5bb8 e8b4 bf', 'custom-value'],
    ['6402', '302'],
    ['aec3 771a 4b', 'private'],
    ['d07a be94 1054 d444 a820 0595 040b 8166 e082 a62d 1bff', 'Mon, 21 Oct 2013 20:13:21 GMT'],
    ['9d29 ad17 1863 c78f 0b97 c8e9 ae82 ae43 d3', 'https://www.example.com'],
  ])('decodes the RFC 7541 example %s', (input, text) => {
    expect(huffmanDecode(hex(input))).toBe(text);
  });

  it('rejects bad padding and EOS inside the data', () => {
    expect(() => huffmanDecode(hex('f1e3 c2e5 f23a 6ba0 ab90 f4fe'))).toThrow(/padding/);
    expect(() => huffmanDecode(hex('ffff ffff'))).toThrow(/EOS|padding|Invalid/);
    expect(() => huffmanDecode(hex('f1e3 c2e5 f23a 6ba0 ab90 f4ff ff'))).toThrow(/padding/);
  });
});
