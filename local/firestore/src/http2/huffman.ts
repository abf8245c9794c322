/**
 * HPACK's static Huffman code (RFC 7541, Appendix B). The code is canonical,
 * so the code length of each symbol (0-255, then 256 = EOS) determines every
 * code: codes are handed out in (length, symbol) order.
 */
// prettier-ignore
export const CODE_LENGTHS: readonly number[] = [
  13, 23, 28, 28, 28, 28, 28, 28, 28, 24, 30, 28, 28, 30, 28, 28, //   0-15
  28, 28, 28, 28, 28, 28, 30, 28, 28, 28, 28, 28, 28, 28, 28, 28, //  16-31
  6, 10, 10, 12, 13, 6, 8, 11, 10, 10, 8, 11, 8, 6, 6, 6,         //  32-47
  5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 8, 15, 6, 12, 10,              //  48-63
  13, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,                //  64-79
  7, 7, 7, 7, 7, 7, 7, 7, 8, 7, 8, 13, 19, 13, 14, 6,             //  80-95
  15, 5, 6, 5, 6, 5, 6, 6, 6, 5, 7, 7, 6, 6, 6, 5,                //  96-111
  6, 7, 6, 5, 5, 6, 7, 7, 7, 7, 7, 15, 11, 14, 13, 28,            // 112-127
  20, 22, 20, 20, 22, 22, 22, 23, 22, 23, 23, 23, 23, 23, 24, 23, // 128-143
  24, 24, 22, 23, 24, 23, 23, 23, 23, 21, 22, 23, 22, 23, 23, 24, // 144-159
  22, 21, 20, 22, 22, 23, 23, 21, 23, 22, 22, 24, 21, 22, 23, 23, // 160-175
  21, 21, 22, 21, 23, 22, 23, 23, 20, 22, 22, 22, 23, 22, 22, 23, // 176-191
  26, 26, 20, 19, 22, 23, 22, 25, 26, 26, 26, 27, 27, 26, 24, 25, // 192-207
  19, 21, 26, 27, 27, 26, 27, 24, 21, 21, 26, 26, 28, 27, 27, 27, // 208-223
  20, 24, 20, 21, 22, 21, 21, 23, 22, 22, 25, 25, 24, 24, 26, 23, // 224-239
  26, 27, 26, 26, 27, 27, 27, 27, 27, 28, 27, 27, 27, 27, 27, 26, // 240-255
  30,                                                             // EOS
];

export const EOS = 256;
const MAX_LENGTH = 30;

/** Symbols sorted by (length, symbol); per length, the first code and where its symbols start. */
const sorted = CODE_LENGTHS.map((_, symbol) => symbol).sort((a, b) => CODE_LENGTHS[a]! - CODE_LENGTHS[b]! || a - b);
const firstCode = new Array<number>(MAX_LENGTH + 2).fill(0);
const count = new Array<number>(MAX_LENGTH + 2).fill(0);
const firstIndex = new Array<number>(MAX_LENGTH + 2).fill(0);
for (const len of CODE_LENGTHS) count[len]!++;
{
  let code = 0;
  let index = 0;
  for (let len = 1; len <= MAX_LENGTH; len++) {
    firstCode[len] = code;
    firstIndex[len] = index;
    code = (code + count[len]!) * 2;
    index += count[len]!;
  }
}

/** The code of `symbol`, right-aligned (as RFC 7541 prints it in hex). */
export function codeOf(symbol: number): number {
  const len = CODE_LENGTHS[symbol]!;
  const rank = sorted.indexOf(symbol) - firstIndex[len]!;
  return firstCode[len]! + rank;
}

export class HuffmanError extends Error {}

/** Decodes a Huffman-coded string literal (bytes as latin1 text). */
export function huffmanDecode(input: Uint8Array, start = 0, end = input.length): string {
  let out = '';
  let code = 0;
  let len = 0;
  for (let i = start; i < end; i++) {
    const byte = input[i]!;
    for (let bit = 7; bit >= 0; bit--) {
      code = code * 2 + ((byte >> bit) & 1);
      len++;
      const offset = code - firstCode[len]!;
      if (offset < count[len]!) {
        const symbol = sorted[firstIndex[len]! + offset]!;
        if (symbol === EOS) throw new HuffmanError('Huffman-coded string contains EOS');
        out += String.fromCharCode(symbol);
        code = 0;
        len = 0;
      } else if (len === MAX_LENGTH) {
        throw new HuffmanError('Invalid Huffman code');
      }
    }
  }
  // Padding: at most 7 bits, all ones (the start of EOS).
  if (len > 7 || code !== 2 ** len - 1) throw new HuffmanError('Invalid Huffman padding');
  return out;
}
