/**
 * Knowledge-base ingestion budgets: a 2 MB text source ≤ 5 s, a 100-page PDF ≤ 20 s (generated here),
 * both through the real pipeline (extraction, chunking, Firestore chunk writes) against Google's Firestore emulator.
 * `npx tsx functions/bench/knowledge.bench.ts` prints the figures; `runKnowledgeBench()` returns them for
 * the root `npm run bench` runner.
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { paths } from '@parley/core';
import { startScratchEmulator } from '@parley/local/testing';

export interface BenchFigure {
  name: string;
  value: number;
  unit: 'ms' | 'MB' | 's' | 'writes/s';
  budget?: number;
  pass?: boolean;
  detail?: string;
}

function sentence(i: number): string {
  return `Paragraph ${i} explains how the product handles order ${i % 97}, refunds after ${i % 30} days and shipping to zone ${i % 12}.`;
}

export async function runKnowledgeBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  const firestore = await startScratchEmulator();
  // Imported after the emulator host is set: firebase-admin reads it on first use.
  const { databaseFor } = await import('../src/adapters/firestore');
  const { createSource, ingestSource } = await import('../src/knowledge/ingest');
  const kb = (await import('../test/composition')).testApp;
  const { makePdf } = await import('../test/make-documents');
  const figures: BenchFigure[] = [];
  try {
    const agentId = 'benchAgent000001';
    await databaseFor('na').doc(paths.agent(agentId)).set({ ID: agentId, ownerID: 'bench', title: 'Bench' });
    // A plan whose knowledge base holds the 2 MB source: the free default (500,000 characters) would refuse it.
    await databaseFor('na').doc(paths.user('bench')).set({ internal: { customPlan: { limits: { maxKbDocsCharCount: 5_000_000 } } } }, { merge: true });

    const paragraphs: string[] = [];
    let size = 0;
    for (let i = 0; size < 2_000_000; i++) {
      const p = Array.from({ length: 4 }, (_, k) => sentence(i * 4 + k)).join(' ');
      paragraphs.push(p);
      size += p.length + 2;
    }
    const text = paragraphs.join('\n\n');
    const textDoc = await createSource('na', { agentId, userId: 'bench', name: 'big.txt', sourceType: 'doc', fileType: 'txt' });
    let t0 = performance.now();
    const textResult = await ingestSource(kb, 'na', agentId, textDoc, { kind: 'file', data: Buffer.from(text), fileName: 'big.txt' });
    const textMs = performance.now() - t0;
    figures.push({
      name: 'kb ingest 2 MB text', value: Math.round(textMs), unit: 'ms', budget: 5000, pass: textResult.status === 'SUCCESS' && textMs <= 5000,
      detail: `${textResult.status}, ${textResult.chunkCount} chunks, ${textResult.charCount} chars`,
    });

    const pages = Array.from({ length: 100 }, (_, p) => Array.from({ length: 40 }, (_, l) => sentence(p * 40 + l).slice(0, 95)));
    const pdf = makePdf(pages);
    const pdfDoc = await createSource('na', { agentId, userId: 'bench', name: 'manual.pdf', sourceType: 'doc', fileType: 'pdf' });
    t0 = performance.now();
    const pdfResult = await ingestSource(kb, 'na', agentId, pdfDoc, { kind: 'file', data: pdf, fileName: 'manual.pdf' });
    const pdfMs = performance.now() - t0;
    figures.push({
      name: 'kb ingest 100-page PDF', value: Math.round(pdfMs), unit: 'ms', budget: 20000, pass: pdfResult.status === 'SUCCESS' && pdfMs <= 20000,
      detail: `${pdfResult.status}, ${(pdf.length / 1e6).toFixed(2)} MB, ${pdfResult.chunkCount} chunks`,
    });
    for (const f of figures) log(`${f.pass ? 'PASS' : 'FAIL'} ${f.name}: ${f.value} ${f.unit} (budget ${f.budget} ${f.unit}) — ${f.detail}`);
    return figures;
  } finally {
    await firestore.stop();
  }
}

export default runKnowledgeBench;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const figures = await runKnowledgeBench();
  process.exit(figures.every((f) => f.pass) ? 0 : 1);
}
