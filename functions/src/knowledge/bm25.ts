// Lexical BM25 scoring over a small set of chunks: the local stand-in for vector search.
const K1 = 1.2;
const B = 0.75;

const STOPWORDS = new Set(
  'a an and are as at be but by for from has have how i in is it its of on or our that the this to was what when where which who why will with you your do does can'.split(' '),
);

export function tokenize(text: string): string[] {
  return (text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((t) => !STOPWORDS.has(t))
    .map(stem);
}

/** A light suffix strip so "prices"/"price" and "booking"/"book" meet. */
function stem(token: string): string {
  if (token.length > 5 && token.endsWith('ing')) return token.slice(0, -3);
  if (token.length > 4 && token.endsWith('es') && !token.endsWith('ses')) return token.slice(0, -1);
  if (token.length > 3 && token.endsWith('s') && !token.endsWith('ss')) return token.slice(0, -1);
  return token;
}

export interface ScoredDoc<T> {
  item: T;
  score: number;
}

export function bm25Rank<T>(query: string, items: T[], textOf: (item: T) => string, topK: number): ScoredDoc<T>[] {
  const terms = [...new Set(tokenize(query))];
  if (terms.length === 0 || items.length === 0) return [];
  const docs = items.map((item) => {
    const tokens = tokenize(textOf(item));
    const tf = new Map<string, number>();
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    return { item, tf, length: tokens.length };
  });
  const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / docs.length || 1;
  const df = new Map<string, number>();
  for (const term of terms) df.set(term, docs.filter((d) => d.tf.has(term)).length);
  const scored = docs.map((d) => {
    let score = 0;
    for (const term of terms) {
      const f = d.tf.get(term) ?? 0;
      if (f === 0) continue;
      const n = df.get(term) ?? 0;
      const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
      score += idf * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.length) / avgLength)));
    }
    return { item: d.item, score };
  });
  return scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score).slice(0, topK);
}
