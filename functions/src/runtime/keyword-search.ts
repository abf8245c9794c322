// A self-contained lexical search over the agent's kb documents (BM25 over paragraph chunks).
// Used when the knowledge feature's own retrieval port is not available.
import type { Firestore } from 'firebase-admin/firestore';
import { paths, type Region } from '@parley/core';
import type { KnowledgeSearch, Passage } from './knowledge-port';

const STOPWORDS = new Set(
  'a an and are as at be by can do does for from has have how i in is it its me my of on or our so than that the their them there these they this to us was we what when where which who why will with you your'.split(' '),
);

export function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => t.length > 1 && !STOPWORDS.has(t));
}

/** Splits a document into paragraph chunks of at most ~maxChars, keeping sentences whole where possible. */
export function chunk(content: string, maxChars = 800): string[] {
  const out: string[] = [];
  for (const paragraph of content.split(/\n\s*\n/)) {
    const p = paragraph.replace(/\s+/g, ' ').trim();
    if (!p) continue;
    if (p.length <= maxChars) {
      out.push(p);
      continue;
    }
    let current = '';
    for (const sentence of p.split(/(?<=[.!?])\s+/)) {
      if (current && current.length + sentence.length + 1 > maxChars) {
        out.push(current);
        current = '';
      }
      current = current ? `${current} ${sentence}` : sentence.slice(0, maxChars);
    }
    if (current) out.push(current);
  }
  return out;
}

interface Doc {
  docId: string;
  name: string;
  content: string;
}

/** Ranks chunks of the documents against the query (BM25, k1 1.2, b 0.75). */
export function rank(docs: Doc[], query: string, topK: number): Passage[] {
  const queryTerms = [...new Set(terms(query))];
  if (queryTerms.length === 0) return [];
  const chunks = docs.flatMap((doc) => chunk(doc.content).map((text) => ({ doc, text, terms: terms(text) })));
  if (chunks.length === 0) return [];
  const avgLen = chunks.reduce((sum, c) => sum + c.terms.length, 0) / chunks.length || 1;
  const df = new Map<string, number>();
  for (const c of chunks) for (const t of new Set(c.terms)) if (queryTerms.includes(t)) df.set(t, (df.get(t) ?? 0) + 1);
  const scored = chunks.map((c) => {
    const tf = new Map<string, number>();
    for (const t of c.terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    let score = 0;
    for (const t of queryTerms) {
      const f = tf.get(t) ?? 0;
      if (!f) continue;
      const n = df.get(t) ?? 0;
      const idf = Math.log(1 + (chunks.length - n + 0.5) / (n + 0.5));
      score += (idf * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * c.terms.length) / avgLen));
    }
    return { docId: c.doc.docId, name: c.doc.name, text: c.text, score };
  });
  return scored
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, topK);
}

/** KnowledgeSearch reading voiceglow/{agentId}/kb from the region's database. */
export function keywordSearch(dbFor: (region: Region) => Firestore): KnowledgeSearch {
  return async ({ region, agentId, query, topK }) => {
    const snap = await dbFor(region).collection(paths.kb(agentId)).limit(500).get();
    const docs: Doc[] = snap.docs.map((d) => {
      const data = d.data() as { name?: unknown; content?: unknown };
      return { docId: d.id, name: typeof data.name === 'string' ? data.name : d.id, content: typeof data.content === 'string' ? data.content : '' };
    });
    return rank(docs, query, topK);
  };
}
