/**
 * Voice budgets, through the real HTTP API on the test stack (Firestore emulator, the Vapi and LLM stand-ins):
 * - the custom-LLM endpoint adds ≤ 50 ms p50 to the model's own time to first token (the LLM stand-in at 60 ms
 *   latency, asked directly and through the endpoint alternately, so the machine's load weighs on both alike);
 * - `assistant-request` (a call admitted: payer's credits, the agent's caps, a line taken in a transaction, the call's
 *   conversation created) answers in ≤ 50 ms p50;
 * - the end-of-call webhook (line released, minutes billed once, the call's summary completed) in ≤ 100 ms p50;
 * - the widget's chat first load (chat.html, script and styles inlined) stays ≤ 80 KB gzip; the voice chunk it imports
 *   only when a visitor presses the call button is printed beside it.
 * Each sample is one call as the stand-in makes it: its assistant-request, one caller line, its end-of-call report.
 * The engine is composed as production composes it (a warm instance keeps an agent's settings a few seconds).
 * `npx tsx local/bench/voice.bench.ts` prints the figures beside their budgets.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { figure, printFigures, runIfMain, type BenchFigure } from './figure';

const SAMPLES = 31;
const LATENCY_MS = 60;
const WARM_UP = 3;
const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round = (n: number) => Math.round(n * 10) / 10;

/** Time from `t0` (the request sent) until the first non-empty content delta of an OpenAI-style stream. */
async function firstToken(res: Response, t0: number): Promise<number> {
  if (!res.ok || !res.body) throw new Error(`answered ${res.status}: ${await res.text()}`);
  const decoder = new TextDecoder();
  let buffer = '';
  let first = -1;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: true });
    if (first < 0 && /"delta":\{[^}]*"content":"[^"]/.test(buffer)) first = performance.now() - t0;
    if (done) break;
  }
  if (first < 0) throw new Error(`no token in ${buffer.slice(0, 300)}`);
  return first;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await run();
  return { ms: performance.now() - t0, value };
}

async function callFigures(log: (line: string) => void): Promise<BenchFigure[]> {
  const { startVoiceStack, signedIn } = await import('../../functions/test/voice');
  const stack = await startVoiceStack();
  try {
    const { runtimeDeps, useEngine } = await import('../../functions/test/composition');
    const { llmEnv } = await import('../../functions/test/runtime');
    useEngine(runtimeDeps({ llm: () => llmEnv(stack.llm.url) }));
    const { paths, voiceApi } = await import('@parley/core');
    const { databaseFor } = await import('../../functions/src/adapters/firestore');
    const { testApp } = await import('../../functions/test/composition');
    const voice = await import('../../functions/src/voice/index');
    const { saveVoiceConfigHandler } = await import('../../functions/src/voice/save-voice-config');
    const { searchPhoneNumbersHandler } = await import('../../functions/src/voice/numbers/search-phone-numbers');
    const { buyPhoneNumberHandler } = await import('../../functions/src/voice/numbers/buy-phone-number');
    const deps = voice.voiceDepsOf(testApp);
    const db = databaseFor('na');
    const owner = 'benchVoiceOwner';
    const agentId = 'BenchVoiceAgent1';
    await db.doc(paths.user(owner)).set({ uid: owner, loadTokens: 10_000_000, internal: { customPlan: { limits: { twilioPhoneNumberSlots: 2 } } } });
    await db.doc(paths.agent(agentId)).set({ ID: agentId, title: 'Front desk', ownerID: owner, agentPlatform: 'vg', recordChatHistory: true });
    const voiceConfig = voiceApi.saveVoiceConfig.input.shape.voiceConfig.parse({});
    const { assistantId } = await saveVoiceConfigHandler(deps)({ region: 'na', agentId, voiceConfig, settings: {} }, signedIn(owner));
    const { numbers } = await searchPhoneNumbersHandler(deps)({ region: 'na', workspaceId: owner, country: 'US', areaCode: '415' }, signedIn(owner));
    const { phoneNumber } = await buyPhoneNumberHandler(deps)({ region: 'na', workspaceId: owner, number: numbers[0]!.number, agentId }, signedIn(owner));

    // One call made by the stand-in, to replay its messages exactly as Vapi shapes them (with a new call id each time).
    const ring = await stack.sim<{ callId: string }>('/ring', { number: phoneNumber.number, from: '+15005550006' });
    await stack.sim(`/calls/${ring.callId}/say`, { text: 'When do you open?' });
    await stack.sim(`/calls/${ring.callId}/hangup`, { durationSeconds: 61 });
    const recorded = (await (await fetch(`${stack.vapi.url}/__recorded`)).json()) as Array<{ kind: string; path: string; body: { message?: { type?: string } } & Record<string, unknown> }>;
    const sample = (type: string) => JSON.stringify(recorded.find((r) => r.kind === 'webhook' && r.body.message?.type === type)!.body);
    const llmCall = recorded.find((r) => r.kind === 'llm')!;
    const assistant = await stack.vapiGet<{ model: { headers: Record<string, string> }; server: { url: string; headers: Record<string, string> } }>(`/assistant/${assistantId}`);
    const [askTemplate, reportTemplate, llmTemplate] = [sample('assistant-request'), sample('end-of-call-report'), JSON.stringify(llmCall.body)];
    const webhook = (body: string) => fetch(assistant.server.url, { method: 'POST', headers: { 'content-type': 'application/json', ...assistant.server.headers }, body });
    await fetch(`${stack.llm.url}/__control`, { method: 'POST', body: JSON.stringify({ latencyMs: LATENCY_MS }) });

    const asks: number[] = [];
    const reports: number[] = [];
    const direct: number[] = [];
    const viaEndpoint: number[] = [];
    for (let i = 0; i < SAMPLES + WARM_UP; i++) {
      await stack.limits.reset();
      const callId = `bench-call-${i}-${Date.now()}`;
      const withId = (template: string) => template.replaceAll(ring.callId, callId);
      const ask = await timed(async () => {
        const res = await webhook(withId(askTemplate));
        return (await res.json()) as { assistantId?: string; error?: string };
      });
      if (ask.value.assistantId !== assistantId) throw new Error(`assistant-request answered ${JSON.stringify(ask.value)}`);
      const line = `When do you open? (${i})`;
      // The model asked directly, as the engine asks it (OpenAI's streamed chat completions).
      const t0 = performance.now();
      const model = await fetch(`${stack.llm.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' }, body: JSON.stringify({ model: 'fake-gpt', stream: true, messages: [{ role: 'user', content: line }] }) });
      const first = await firstToken(model, t0);
      const body = JSON.parse(withId(llmTemplate)) as { messages: Array<{ role: string; content: string }> };
      body.messages = [{ role: 'user', content: line }];
      const viaStart = performance.now();
      const res = await fetch(llmCall.path, { method: 'POST', headers: { 'content-type': 'application/json', ...assistant.model.headers }, body: JSON.stringify(body) });
      const via = await firstToken(res, viaStart);
      const report = await timed(() => webhook(withId(reportTemplate)).then((r) => r.status));
      if (report.value !== 200) throw new Error(`end-of-call report answered ${report.value}`);
      if (i < WARM_UP) continue;
      asks.push(ask.ms);
      reports.push(report.ms);
      direct.push(first);
      viaEndpoint.push(via);
    }
    log(`(${SAMPLES} calls, after ${WARM_UP} warm-up calls)`);
    return [
      figure('custom-LLM endpoint added time to first token (p50)', round(p50(viaEndpoint) - p50(direct)), 'ms', 50, `LLM stand-in ${round(p50(direct))} ms, through the endpoint ${round(p50(viaEndpoint))} ms`),
      figure('assistant-request answer (p50)', round(p50(asks)), 'ms', 50, 'call admitted: credits, caps, a line, its conversation'),
      figure('end-of-call webhook answer (p50)', round(p50(reports)), 'ms', 100, 'line released, minutes billed once, summary completed'),
    ];
  } finally {
    await stack.stop();
  }
}

async function widgetFigures(): Promise<BenchFigure[]> {
  const { buildWidget } = await import('../../widget/build');
  const out = mkdtempSync(join(tmpdir(), 'parley-voice-bench-'));
  try {
    await buildWidget(out);
    const kb = (file: string) => round(gzipSync(readFileSync(join(out, file))).length / 1024);
    if (!existsSync(join(out, 'voice.js'))) throw new Error('the widget build wrote no voice.js');
    return [
      figure('widget chat first load (chat.html, gzip)', kb('chat.html'), 'KB', 80, 'the call button only; no voice code'),
      { name: 'voice chunk (voice.js, gzip), loaded when a visitor presses call', value: kb('voice.js'), unit: 'KB' },
    ];
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export async function runVoiceBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  const figures = [...(await callFigures(log)), ...(await widgetFigures())];
  printFigures(figures, log);
  return figures;
}

await runIfMain(import.meta.url, () => runVoiceBench());
