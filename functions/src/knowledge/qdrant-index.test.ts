/* eslint-disable @typescript-eslint/no-explicit-any -- protocol bodies are inspected loosely */
// The production vector path against a stand-in speaking Qdrant's REST protocol and OpenAI's embeddings API.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenize } from './bm25';
import { EMBEDDING_DIMENSION, pointId, qdrantIndex } from './vector-index';

interface Point { id: string; vector: number[]; payload: Record<string, unknown> }
const collections = new Map<string, { size: number; points: Map<string, Point> }>();
let server: Server;
let url = '';
const saved = { key: process.env.OPENAI_API_KEY, base: process.env.OPENAI_BASE_URL };

/** Hashing bag-of-words embedding: texts sharing words get similar vectors. */
function embed(text: string): number[] {
  const v = new Array<number>(EMBEDDING_DIMENSION).fill(0);
  for (const token of tokenize(text)) {
    let h = 0;
    for (const c of token) h = (h * 31 + c.charCodeAt(0)) % EMBEDDING_DIMENSION;
    v[h]! += 1;
  }
  return v;
}
const cosine = (a: number[], b: number[]) => {
  let dot = 0, na = 0, nb = 0;
  a.forEach((x, i) => { dot += x * (b[i] ?? 0); na += x * x; nb += (b[i] ?? 0) ** 2; });
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
};
async function json(req: IncomingMessage): Promise<any> {
  let body = '';
  for await (const c of req) body += c;
  return body ? JSON.parse(body) : {};
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const send = (result: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result, status: 'ok', time: 0 }));
      const body = await json(req);
      if (path === '/v1/embeddings') {
        const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
          object: 'list', model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 },
          data: inputs.map((t, index) => ({ object: 'embedding', index, embedding: embed(t) })),
        }));
        return;
      }
      const m = /^\/collections\/([^/]+)(\/.*)?$/.exec(path);
      if (!m) return res.writeHead(404).end();
      const name = decodeURIComponent(m[1]!);
      const rest = m[2] ?? '';
      const coll = collections.get(name);
      if (rest === '/exists') return send({ exists: collections.has(name) });
      if (rest === '' && req.method === 'PUT') {
        collections.set(name, { size: body.vectors.size, points: new Map() });
        return send(true);
      }
      if (!coll) return res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ status: { error: 'Not found' } }));
      if (rest === '/points' && req.method === 'PUT') {
        for (const p of body.points as Point[]) coll.points.set(String(p.id), p);
        return send({ operation_id: 1, status: 'completed' });
      }
      if (rest === '/points/delete') {
        const value = body.filter?.must?.[0]?.match?.value;
        for (const [id, p] of coll.points) if (p.payload.docId === value) coll.points.delete(id);
        return send({ operation_id: 2, status: 'completed' });
      }
      if (rest === '/points/search') {
        const hits = [...coll.points.values()]
          .map((p) => ({ id: p.id, version: 0, score: cosine(body.vector, p.vector), payload: p.payload }))
          .sort((a, b) => b.score - a.score)
          .slice(0, body.limit);
        return send(hits);
      }
      res.writeHead(404).end();
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.OPENAI_BASE_URL = `${url}/v1`;
  process.env.OPENAI_API_KEY = 'sk-test';
});
afterAll(() => {
  server?.close();
  if (saved.key === undefined) delete process.env.OPENAI_API_KEY; else process.env.OPENAI_API_KEY = saved.key;
  if (saved.base === undefined) delete process.env.OPENAI_BASE_URL; else process.env.OPENAI_BASE_URL = saved.base;
});

const chunk = (docId: string, index: number, text: string) => ({ id: `${docId}_${index}`, text, index, docId, agentId: 'agentQ', name: `${docId}.txt` });

describe('qdrantIndex', () => {
  it('creates a 1536-dimension collection per region and agent, indexes, searches and removes by document', async () => {
    const index = qdrantIndex(url);
    await index.index('eu', 'agentQ', 'hours', [chunk('hours', 0, 'The shop opens at nine and closes at six on weekdays.')]);
    await index.index('eu', 'agentQ', 'refunds', [chunk('refunds', 0, 'Refunds are paid back within fourteen days of the return.'), chunk('refunds', 1, 'Keep the receipt for refunds.')]);
    expect(collections.get('eu_agentQ')?.size).toBe(EMBEDDING_DIMENSION);
    expect(collections.get('eu_agentQ')?.points.has(pointId('refunds_1'))).toBe(true);

    const hits = await index.search('eu', 'agentQ', 'when are refunds paid back', 2);
    expect(hits[0]).toMatchObject({ docId: 'refunds', chunkId: 'refunds_0', name: 'refunds.txt' });
    expect(hits[0]!.text).toContain('fourteen days');

    // Re-indexing a document replaces its old chunks.
    await index.index('eu', 'agentQ', 'refunds', [chunk('refunds', 0, 'Refunds now take seven days.')]);
    expect([...collections.get('eu_agentQ')!.points.values()].filter((p) => p.payload.docId === 'refunds')).toHaveLength(1);

    await index.remove('eu', 'agentQ', 'refunds');
    const after = await index.search('eu', 'agentQ', 'refunds', 3);
    expect(after.every((h) => h.docId !== 'refunds')).toBe(true);
  });

  it('derives stable UUID point ids from chunk ids', () => {
    expect(pointId('doc_1')).toBe(pointId('doc_1'));
    expect(pointId('doc_1')).not.toBe(pointId('doc_2'));
    expect(pointId('doc_1')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
