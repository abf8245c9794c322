/**
 * Budgets of the money and public-chat-path hardening, on the local stack (the API on a node server, Google's
 * Firestore emulator, the OpenAI-compatible fake at 20 ms):
 * - the credit reservation (the balance read and checked, then taken in the write that stores the visitor's message,
 *   before the model is called) adds ≤ 5 ms p50 to a chat turn: turns with it against turns that store the message
 *   and write the charge afterwards only (what a turn did before), sampled alternately so the machine's load weighs
 *   on both alike;
 * - a chat's rate-limit check (address, conversation and agent, counted in Firestore) costs ≤ 5 ms (p50).
 * For reference (no budget): a turn paid by an org with billing (its credits, its auto-recharge observer) against a
 * turn paid by the workspace, both reserving.
 * `npx tsx functions/bench/credits.bench.ts` prints the figures beside their budgets.
 */
import { performance } from 'node:perf_hooks';
import { FieldValue } from 'firebase-admin/firestore';
import { figure, printFigures, runIfMain, type BenchFigure } from '../../local/bench/figure';

const SAMPLES = 81;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** One streamed chat turn, from the request to the end of the stream (the `done` event has been sent). */
async function turn(url: string, body: unknown): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok || !text.includes('event: done')) throw new Error(`chat answered ${res.status}: ${text.slice(-300)}`);
  return performance.now() - t0;
}

export async function runCreditsBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  const { startTestStack, llmEnv } = await import('../test/runtime');
  // The turns come from one address: the limits are measured on their own below.
  const stack = await startTestStack({ limits: (await import('../src/rate-limits')).noRateLimits });
  const figures: BenchFigure[] = [];
  try {
    const { databaseFor } = await import('../src/adapters/firestore');
    const { useEngine } = await import('../test/composition');
    const { runtimeDeps, testApp } = await import('../test/composition');
  const firestoreCredits = testApp.credits;
    const { sharedRateLimits, RATE_RULES } = await import('../src/rate-limits');
    const db = databaseFor('na');
    // One agent (and workspace) per way of charging, so neither sees the other's writes.
    const agents = { reserved: 'benchCredits0001', plain: 'benchCredits0002' };
    for (const [arm, agentId] of Object.entries(agents)) {
      await db.doc(`users/bench-${arm}`).set({ uid: `bench-${arm}`, loadTokens: 1_000_000 });
      await db.doc(`voiceglow/${agentId}`).set({ ID: agentId, ownerID: `bench-${arm}`, title: 'Bench', agentPlatform: 'vg', recordChatHistory: true });
    }
    await fetch(`${stack.llm.url}/__control`, { method: 'POST', body: JSON.stringify({ latencyMs: 20 }) });

    // Before: the visitor's message was stored on its own, nothing was reserved (the "may continue" decision came
    // from a cache), and the charge was written once the answer was complete.
    const chargeAfterOnly: typeof firestoreCredits = {
      balance: async () => 1,
      reserve: async (database, request) => {
        const batch = database.batch();
        for (const write of request.writes ?? []) batch.set(database.doc(write.path), write.data, { merge: !!write.merge });
        await batch.commit();
        return { ownerID: request.ownerID, amount: 0 };
      },
      settle: async (database, reservation, charge, now) => {
        const log = { ...charge.log, amount: charge.amount, direction: 'decrease' as const, ts: now };
        const batch = database.batch();
        batch.set(database.doc(`users/${reservation.ownerID}`), { loadTokens: FieldValue.increment(-charge.amount) }, { merge: true });
        batch.set(database.collection(`users/${reservation.ownerID}/creditUsageLogs`).doc(), log);
        if (charge.stats) {
          batch.set(
            database.doc(`voiceglow/${charge.stats.agentId}/stats/usage`),
            { totalTokens: FieldValue.increment(charge.stats.totalTokens), messages: FieldValue.increment(1), updatedAt: now },
            { merge: true },
          );
        }
        await batch.commit();
        return log;
      },
      release: async () => undefined,
    };
    const withReservation = runtimeDeps({ llm: () => llmEnv(stack.llm.url) });
    const without = runtimeDeps({ llm: () => llmEnv(stack.llm.url), credits: chargeAfterOnly });
    const url = (agentId: string) => `${stack.api.url}/public/agents/${agentId}/chat`;
    const reserved: number[] = [];
    const plain: number[] = [];
    for (let i = -5; i < SAMPLES; i++) {
      const body = (tag: string) => ({ message: `When do you open? (${tag}${i})`, stream: true, conversationId: `bench-${tag}-${String(i + 5).padStart(4, '0')}` });
      useEngine(withReservation);
      const a = await turn(url(agents.reserved), body('r'));
      useEngine(without);
      const b = await turn(url(agents.plain), body('p'));
      // The first turns warm the emulator and the instance up.
      if (i >= 0) {
        reserved.push(a);
        plain.push(b);
      }
    }
    const added = median(reserved) - median(plain);
    figures.push(
      figure('credit reservation added to a chat turn (p50)', round(added), 'ms', 5, `turn with the reservation ${round(median(reserved))} ms, charge written afterwards only ${round(median(plain))} ms (n=${SAMPLES} each)`),
    );

    // An agent of an org with billing on, beside the workspace-paid agent: who pays decides only the balance document.
    const orgAgent = 'benchCredits0003';
    await db.doc('users/bench-org-owner').set({ uid: 'bench-org-owner', loadTokens: 1_000_000 });
    await db.doc(`voiceglow/${orgAgent}`).set({ ID: orgAgent, ownerID: 'bench-org-owner', title: 'Bench', agentPlatform: 'vg', recordChatHistory: true });
    await db.doc('orgs/benchOrg').set({ ID: 'benchOrg', ownerID: 'bench-org-owner', widgetIDs: [orgAgent], allowBilling: true, loadTokens: 1_000_000 });
    useEngine(withReservation);
    const byOrg: number[] = [];
    const byWorkspace: number[] = [];
    for (let i = -5; i < SAMPLES; i++) {
      const body = (tag: string) => ({ message: `When do you open? (${tag}${i})`, stream: true, conversationId: `bench-${tag}-${String(i + 5).padStart(4, '0')}` });
      const a = await turn(url(orgAgent), body('o'));
      const b = await turn(url(agents.reserved), body('w'));
      if (i >= 0) {
        byOrg.push(a);
        byWorkspace.push(b);
      }
    }
    if (!((await db.doc('orgs/benchOrg').get()).get('loadTokens') < 1_000_000)) throw new Error('the org did not pay for its agent');
    figures.push({
      name: 'turn paid by an org with billing, minus a workspace-paid turn (p50)', value: round(median(byOrg) - median(byWorkspace)), unit: 'ms',
      detail: `org-paid ${round(median(byOrg))} ms, workspace-paid ${round(median(byWorkspace))} ms (n=${SAMPLES} each)`,
    });

    // A reservation alone, the balance read first (a cold instance, or after another instance's write), for reference.
    const alone: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      await db.doc('users/bench-reserved').update({ touchedBy: 'another instance' });
      const t0 = performance.now();
      const reservation = await firestoreCredits.reserve(db, { ownerID: 'bench-reserved', estimate: 3 }, Date.now());
      alone.push(performance.now() - t0);
      await firestoreCredits.release(db, reservation);
    }
    figures.push({ name: 'reservation after another instance wrote the balance (p50): its failed write, a read, a write', value: round(median(alone)), unit: 'ms', detail: `n=${SAMPLES}` });

    // The shared counters: one chat's check (its address, conversation and agent) is one batched write and one batched
    // read; a new address and conversation each sample, one agent.
    const limits = sharedRateLimits({ db: () => db });
    const perCheck: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample++) {
      const t0 = performance.now();
      await limits.enforce(
        { rule: RATE_RULES.chatIp, key: `10.0.${sample % 256}.${sample}` },
        { rule: RATE_RULES.chatConversation, key: `benchCredits0001/bench-limit-${sample}` },
        { rule: RATE_RULES.chatAgent, key: 'benchCredits0001' },
      );
      perCheck.push(performance.now() - t0);
    }
    figures.push(figure('shared rate limit, one chat check (p50)', round(median(perCheck)), 'ms', 5, `n=${SAMPLES}, address + conversation + agent (4 shards)`));
    printFigures(figures, log);
    return figures;
  } finally {
    await stack.stop();
  }
}

await runIfMain(import.meta.url, runCreditsBench);

export default runCreditsBench;
