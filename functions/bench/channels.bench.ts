/**
 * Channel budgets on the local stack (`npm start`'s modules: the Functions emulator with its Cloud Tasks emulator,
 * Hosting's rewrites, Google's Firestore emulator, the Telegram and LLM stand-ins):
 * - a Telegram webhook delivery is acknowledged in ≤ 50 ms p50 (signature checked, the update recorded once, its
 *   answer queued);
 * - an inbound message's reply reaches Telegram in ≤ the fake LLM's own time + 150 ms p50 (the queue's dispatch,
 *   the runtime with its credit reservation and the conversation writes, sendMessage).
 * Reference figures (no budget) show what share is the machine's load: the same proxies without the pipeline, an
 * acknowledgement with no answer running beside it, one Firestore write.
 * Needs the stack's fixed ports: run it under the shared lock,
 * `flock /tmp/parley-stack.lock npx tsx functions/bench/channels.bench.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { figure, printFigures, type BenchFigure } from '../../local/bench/figure';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const LLM_MS = 300;
const ACK_SAMPLES = 41;
const REPLY_SAMPLES = 21;
const BOT_ID = 8_100_001;
const TOKEN = `${BOT_ID}:AAHbench${'x'.repeat(24)}`;
const SECRET = 'bench-webhook-secret-0123456789';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (n: number) => Math.round(n * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const { buildStale } = await import('../../local/stack/builds');
const { startStack } = await import('../../local/stack/stack');
const { STACK_PORTS } = await import('../../local/stack/ports');
const { FAKE_PORTS } = await import('../../local/fakes/index');
await buildStale(root, () => undefined, ['core', 'functions']);
const dataDir = mkdtempSync(join(tmpdir(), 'parley-channels-bench-'));
const stack = await startStack({ root, dataDir, log: (line) => console.log(line) });
let exitCode = 1;
try {
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${STACK_PORTS.firestore}`;
  const { initializeApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const db = getFirestore(initializeApp({ projectId: 'demo-parley' }, 'channels-bench'));
  const agentId = stack.seed.agentId!;
  const ownerID = 'parley-demo-user';
  const app = stack.url.replace(/\/$/, '');
  const telegram = `http://127.0.0.1:${FAKE_PORTS.telegram}`;
  const llm = `http://127.0.0.1:${FAKE_PORTS.llm}`;
  const webhookUrl = `${app}/v2/agents/${agentId}/telegram-webhook`;

  // A connected bot, as saveTelegramBot leaves it, and credits for every answer.
  await db.doc(`users/${ownerID}`).set({ loadTokens: 1_000_000 }, { merge: true });
  await db.doc(`voiceglow/${agentId}`).set({ smartInit: true, messagesLimit: 0 }, { merge: true });
  await db.doc(`telegramBots/${BOT_ID}`).set({ botId: String(BOT_ID), agentId, webhookUrl, botUsername: `parley_${BOT_ID}_bot` });
  await db.doc(`telegramBots/${BOT_ID}/private/secrets`).set({ botToken: TOKEN, webhookSecret: SECRET });
  await fetch(`${telegram}/bot${TOKEN}/setWebhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: webhookUrl, secret_token: SECRET }) });
  await fetch(`${llm}/__control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reset: true, latencyMs: LLM_MS }) });

  const thread = async (userId: string) =>
    ((await (await fetch(`${telegram}/__sim/thread?endpointId=${BOT_ID}&userId=${userId}`)).json()) as { messages: Array<{ from: string; at: number }> }).messages;
  async function replyMs(userId: string): Promise<number> {
    const started = Date.now();
    const sent = (await (await fetch(`${telegram}/__sim/inbound`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ endpointId: String(BOT_ID), userId, userName: 'Bench', text: 'What are your opening hours?' }) })).json()) as { delivered: boolean; status: number };
    if (!sent.delivered) throw new Error(`the webhook answered ${sent.status}`);
    for (let i = 0; i < 3000; i++) {
      const reply = (await thread(userId)).find((m) => m.from === 'agent');
      if (reply) return reply.at - started;
      await sleep(5);
    }
    throw new Error('no reply within 15 s');
  }
  async function settle(userIds: string[]): Promise<void> {
    for (const id of userIds) for (let i = 0; i < 3000 && !(await thread(id)).some((m) => m.from === 'agent'); i++) await sleep(10);
  }

  // Warm-up: the api and channelAnswer workers start, the agent and bot are read once.
  for (let i = 0; i < 3; i++) await replyMs(`${5_000_000 + i}`);

  let updates = 0;
  async function deliver(ackUsers: string[], secret = SECRET): Promise<number> {
    const i = updates++;
    const chat = 6_000_000 + i;
    ackUsers.push(String(chat));
    const update = { update_id: 70_000 + i, message: { message_id: i + 1, from: { id: chat, is_bot: false, first_name: 'Ack' }, chat: { id: chat, type: 'private', first_name: 'Ack' }, date: Math.floor(Date.now() / 1000), text: 'hello' } };
    const t0 = performance.now();
    const res = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret }, body: JSON.stringify(update) });
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status !== (secret === SECRET ? 200 : 401)) throw new Error(`the webhook answered ${res.status}`);
    return ms;
  }

  const ack: number[] = [];
  const ackUsers: string[] = [];
  for (let i = 0; i < ACK_SAMPLES; i++) {
    ack.push(await deliver(ackUsers));
    // One delivery at a time, as Telegram sends a bot's updates; the answers run meanwhile.
    await sleep(30);
  }
  await settle(ackUsers);

  // References, to tell the pipeline's cost from the machine's load: a delivery refused for its secret (Hosting
  // and the Functions emulator's proxies and the handler, no Firestore, nothing queued), a delivery while no answer
  // runs, and one Firestore write from here.
  const refused: number[] = [];
  for (let i = 0; i < 9; i++) refused.push(await deliver([], `wrong-${SECRET}`));
  const quiet: number[] = [];
  const quietUsers: string[] = [];
  for (let i = 0; i < 9; i++) {
    quiet.push(await deliver(quietUsers));
    await settle(quietUsers);
  }
  const writes: number[] = [];
  for (let i = 0; i < 9; i++) {
    const t0 = performance.now();
    await db.doc(`benchWrites/channels-${i}`).set({ at: Date.now() });
    writes.push(performance.now() - t0);
  }

  const reply: number[] = [];
  for (let i = 0; i < REPLY_SAMPLES; i++) reply.push(await replyMs(`${7_000_000 + i}`));

  const figures: BenchFigure[] = [
    figure('Telegram webhook acknowledged (p50, through Hosting)', round(median(ack)), 'ms', 50, `${ACK_SAMPLES} deliveries`),
    figure(`inbound message → reply sent (p50, fake LLM ${LLM_MS} ms)`, round(median(reply)), 'ms', LLM_MS + 150, `${REPLY_SAMPLES} messages; queue, runtime, metering, sendMessage`),
    { name: 'reference: a delivery refused for its secret (p50, through Hosting)', value: round(median(refused)), unit: 'ms', detail: `no Firestore, nothing queued; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores` },
    { name: 'reference: webhook acknowledged while no answer runs (p50)', value: round(median(quiet)), unit: 'ms', detail: '9 deliveries' },
    { name: 'reference: one Firestore write from the bench (p50)', value: round(median(writes)), unit: 'ms', detail: 'acceptInbound makes one, then the enqueue' },
  ];
  printFigures(figures);
  exitCode = figures.every((f) => f.pass !== false) ? 0 : 1;
} finally {
  await fetch(`http://127.0.0.1:${FAKE_PORTS.llm}/__control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reset: true }) }).catch(() => undefined);
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
