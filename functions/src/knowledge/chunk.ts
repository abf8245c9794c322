// Splits text into chunks of at most maxChunkSize characters, on paragraph, then sentence, then word boundaries.
export function chunkText(text: string, maxChunkSize: number): string[] {
  if (!Number.isFinite(maxChunkSize) || maxChunkSize < 1) throw new RangeError('maxChunkSize must be positive');
  const pieces: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const p = paragraph.trim();
    if (p) pieces.push(...splitLong(p, maxChunkSize));
  }
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (!current) current = piece;
    else if (current.length + 2 + piece.length <= maxChunkSize) current += '\n\n' + piece;
    else {
      chunks.push(current);
      current = piece;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

/** A paragraph longer than the limit: cut at the last sentence end, else the last space, else hard. */
function splitLong(paragraph: string, max: number): string[] {
  const out: string[] = [];
  let rest = paragraph;
  while (rest.length > max) {
    const window = rest.slice(0, max + 1);
    let cut = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '), window.lastIndexOf('\n'));
    if (cut > max / 2) cut += 1;
    else {
      cut = window.lastIndexOf(' ');
      if (cut < max / 2) cut = max;
    }
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out;
}
