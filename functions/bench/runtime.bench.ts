/**
 * Runtime budgets: the runtime adds ≤ 30 ms p50 to the LLM's own time to first token (measured
 * against the OpenAI-compatible fake with 60 ms latency, through the real HTTP API and the local
 * Firestore emulator, the rate limits' shared counters included), and 50 concurrent conversations finish with no
 * error and no lost message.
 * `npx tsx functions/bench/runtime.bench.ts` prints the figures; `runRuntimeBench()` returns them.
 */
import OpenAI from 'openai';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export interface BenchFigure {
  name: string;
  value: number;
  unit: 'ms' | 'count';
  budget?: number;
  pass?: boolean;
  detail?: string;
}

const LATENCY_MS = 60;
const ADDED_BUDGET_MS = 30;
const SAMPLES = 31;

const p50 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Time until the first `delta` event of a streamed chat answer. */
async function firstDelta(url: string, body: unknown, from: string): Promise<{ ms: number; text: string }> {
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: JSON.stringify(body) });
  if (!res.ok || !res.body) throw new Error(`chat answered ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let first = -1;
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: true });
    if (first < 0 && buffer.includes('event: delta')) first = performance.now() - t0;
    if (done) break;
  }
  if (!buffer.includes('event: done')) throw new Error(`stream ended without done: ${buffer.slice(-300)}`);
  return { ms: first, text: buffer };
}

export async function runRuntimeBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  const { startTestStack, llmEnv } = await import('../test/runtime');
  const stack = await startTestStack();
  const figures: BenchFigure[] = [];
  try {
    const { databaseFor } = await import('../src/adapters/firestore');
    const { useEngine, runtimeDeps, testApp } = await import('../test/composition');
    // The rate limits stay on (their counters are part of the time measured): each conversation has its own address.
    const db = databaseFor('na');
    const agentId = 'benchRuntime0001';
    await db.doc('users/bench-owner').set({ uid: 'bench-owner', loadTokens: 1_000_000 });
    await db.doc(`voiceglow/${agentId}`).set({ ID: agentId, ownerID: 'bench-owner', title: 'Bench', agentPlatform: 'vg', recordChatHistory: true });
    const { createSource, ingestSource } = await import('../src/knowledge/ingest');
    const docId = await createSource('na', { agentId, userId: 'bench-owner', name: 'faq.txt', sourceType: 'doc', fileType: 'txt' });
    await ingestSource(testApp, 'na', agentId, docId, { kind: 'file', data: Buffer.from('Our shop opens at 9am and closes at 6pm.\n\nReturns are accepted within 30 days.'), fileName: 'faq.txt' });
    useEngine(runtimeDeps({ llm: () => llmEnv(stack.llm.url) }));
    await fetch(`${stack.llm.url}/__control`, { method: 'POST', body: JSON.stringify({ latencyMs: LATENCY_MS }) });

    // The fake's own time to first token (same client the runtime uses) and the time through the runtime,
    // sampled alternately so the machine's load weighs on both alike.
    const client = new OpenAI({ apiKey: 'sk-bench', baseURL: `${stack.llm.url}/v1`, maxRetries: 0 });
    const direct: number[] = [];
    const viaRuntime: number[] = [];
    const chatUrl = `${stack.api.url}/public/agents/${agentId}/chat`;
    for (let i = 0; i < SAMPLES; i++) {
      const t0 = performance.now();
      const stream = await client.chat.completions.create({ model: 'fake-gpt', stream: true, messages: [{ role: 'user', content: `When do you open? (${i})` }] });
      let first = -1;
      for await (const chunk of stream) if (first < 0 && chunk.choices[0]?.delta?.content) first = performance.now() - t0;
      direct.push(first);
      const { ms } = await firstDelta(chatUrl, { message: `When do you open? (${i})`, stream: true, conversationId: `bench-seq-${String(i).padStart(4, '0')}` }, `198.51.100.${i}`);
      viaRuntime.push(ms);
    }
    const added = p50(viaRuntime) - p50(direct);
    figures.push({
      name: 'runtime added time to first token (p50)', value: Math.round(added * 10) / 10, unit: 'ms', budget: ADDED_BUDGET_MS, pass: added <= ADDED_BUDGET_MS,
      detail: `fake LLM ${Math.round(p50(direct))} ms, through the runtime ${Math.round(p50(viaRuntime))} ms (n=${SAMPLES})`,
    });

    // 50 conversations at once, two turns each: every message must be answered and stored.
    await fetch(`${stack.llm.url}/__control`, { method: 'POST', body: JSON.stringify({ latencyMs: 20 }) });
    const conversations = Array.from({ length: 50 }, (_, i) => `bench-par-${String(i).padStart(4, '0')}`);
    const addressOf = (conversationId: string) => `203.0.113.${conversations.indexOf(conversationId)}`;
    let errors = 0;
    const t0 = performance.now();
    await Promise.all(
      conversations.map(async (conversationId) => {
        for (const turn of [1, 2]) {
          try {
            const { text } = await firstDelta(chatUrl, { message: `Question ${turn} from ${conversationId}`, stream: true, conversationId }, addressOf(conversationId));
            if (!text.includes(`Question ${turn} from ${conversationId}`)) errors++;
          } catch {
            errors++;
          }
        }
      }),
    );
    const elapsed = performance.now() - t0;
    let lost = 0;
    for (const conversationId of conversations) {
      const snap = await db.collection(`voiceglow/${agentId}/conversations/${conversationId}/messages`).get();
      const roles = snap.docs.map((d) => d.get('role'));
      lost += Math.max(0, 2 - roles.filter((r) => r === 'user').length) + Math.max(0, 2 - roles.filter((r) => r === 'assistant').length);
    }
    figures.push({
      name: '50 concurrent conversations: errors + lost messages', value: errors + lost, unit: 'count', budget: 0, pass: errors + lost === 0,
      detail: `${errors} errors, ${lost} lost of 200 messages, ${Math.round(elapsed)} ms`,
    });
    for (const f of figures) log(`${f.pass ? 'PASS' : 'FAIL'} ${f.name}: ${f.value} ${f.unit} (budget ${f.budget}) — ${f.detail}`);
    return figures;
  } finally {
    await stack.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const figures = await runRuntimeBench();
  process.exit(figures.every((f) => f.pass) ? 0 : 1);
}

export default runRuntimeBench;
