/**
 * Budget of raising a workspace event, through the real chat API on the test stack (Firestore emulator, the LLM
 * stand-in): recording a delivery (the workspace's settings read, the delivery written, its first attempt queued)
 * adds ≤ 5 ms p50 to the request that raised the event. Each sample is one visitor message to an agent whose
 * workspace subscribes `conversation.started` and `message.created` (three deliveries recorded per request: the conversation's start, the visitor's message and the answer) and one to
 * an agent whose workspace subscribes neither, alternately, so the machine's load weighs on both alike; the figure
 * is the difference of their p50 whole-request times. The receiver is never waited for (its attempts are tasks).
 * `npx tsx functions/bench/events.bench.ts` prints the figures beside their budgets.
 */
import { performance } from 'node:perf_hooks';
import { figure, printFigures, runIfMain, type BenchFigure } from '../../local/bench/figure';
import { median, round } from './timing';

const SAMPLES = 31;
const BUDGET_MS = 5;

/** One visitor message, until its stream ends (the request's whole time: the events are raised inside it). */
async function wholeRequest(url: string, body: unknown, from: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok || !text.includes('event: done')) throw new Error(`chat answered ${res.status}: ${text.slice(-300)}`);
  return performance.now() - t0;
}

export async function runEventsBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  const { startTestStack, llmEnv } = await import('../test/runtime');
  const stack = await startTestStack();
  try {
    const { databaseFor } = await import('../src/adapters/firestore');
    const { useEngine, runtimeDeps } = await import('../test/composition');
    useEngine(runtimeDeps({ llm: () => llmEnv(stack.llm.url) }));
    const db = databaseFor('na');
    // The endpoint is a closed local port: attempts fail fast in the background; only the recording is timed.
    const events = { eventsEndpoint: 'http://127.0.0.1:9/hooks', eventsEnabled: true };
    await db.doc('users/bench-events').set({ uid: 'bench-events', loadTokens: 1_000_000, ...events, subscribedEvents: ['conversation.started', 'message.created'] });
    await db.doc('users/bench-quiet').set({ uid: 'bench-quiet', loadTokens: 1_000_000, ...events, subscribedEvents: ['new-agent'] });
    for (const [agentId, ownerID] of [['benchEvents00001', 'bench-events'], ['benchQuiet000001', 'bench-quiet']] as const) {
      await db.doc(`voiceglow/${agentId}`).set({ ID: agentId, ownerID, title: 'Bench', agentPlatform: 'vg', recordChatHistory: true });
    }
    const chat = (agentId: string, i: number) =>
      wholeRequest(`${stack.api.url}/public/agents/${agentId}/chat`, { message: `When do you open? (${i})`, stream: true, conversationId: `bench-${agentId}-${String(i).padStart(4, '0')}` }, `198.51.100.${i % 250}`);
    for (let i = 0; i < 3; i++) {
      await chat('benchEvents00001', 1000 + i);
      await chat('benchQuiet000001', 1000 + i);
    }
    const raising: number[] = [];
    const quiet: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      raising.push(await chat('benchEvents00001', i));
      quiet.push(await chat('benchQuiet000001', i));
    }
    const recorded = (await db.collection('users/bench-events/eventDeliveries').count().get()).data().count;
    const added = median(raising) - median(quiet);
    const figures = [
      figure('recording event deliveries: added to the chat request that raised them (p50)', round(added), 'ms', BUDGET_MS,
        `with events ${round(median(raising))} ms, without ${round(median(quiet))} ms (n=${SAMPLES}); ${recorded} deliveries recorded`),
    ];
    if (recorded < 3 * SAMPLES) figures.push({ name: 'deliveries recorded (three per request)', value: recorded, unit: 'count', budget: 3 * SAMPLES, pass: false });
    printFigures(figures, log);
    return figures;
  } finally {
    await stack.stop();
  }
}

await runIfMain(import.meta.url, () => runEventsBench());
