/**
 * Tool calls budget: what one tool round adds on top of the tool server's own time, p50, ≤ 20 ms.
 * - The call: checking the model's arguments against the fields, building the request, the safe fetch's address
 *   checks, reading and redacting the answer — 300 calls of the tools stand-in's order status over a plain GET of the
 *   same URL on a fresh connection.
 * - The round in a turn: the engine's tool loop against the LLM stand-in (no latency) — a turn whose model calls the
 *   tool once and then answers, over a turn of two plain LLM rounds and the plain GET.
 * `npx tsx functions/bench/tools.bench.ts` prints the figures beside their budget.
 */
import { performance } from 'node:perf_hooks';
import { checkToolArguments, storedToolSchema, toolParameters } from '@parley/core';
import { start as startLlm } from '@parley/local/fakes/llm';
import { start as startTools } from '@parley/local/fakes/tools';
import { figure, printFigures, runIfMain, type BenchFigure } from '../../local/bench/figure';
import { median, plainGet, round } from './timing';
import { DEFAULT_TIMING } from '../src/adapters/llm/client';
import { completeWithTools } from '../src/conversations/engine/tool-loop';
import type { OfferedTool } from '../src/conversations/engine/tools-port';
import { runTool } from '../src/tools/agent-tools';
import { callTool } from '../src/tools/call-tool';

const CALLS = 300;
const TURNS = 200;

/** Times `a` then `b`, `times` over, alternating so that both see the same machine; `tidy` every 100 pairs. */
async function timedPairs(times: number, a: () => Promise<unknown>, b: () => Promise<unknown>, tidy: () => Promise<unknown>): Promise<[number[], number[]]> {
  const timesA: number[] = [];
  const timesB: number[] = [];
  for (let i = 0; i < times; i++) {
    let t = performance.now();
    await a();
    timesA.push(performance.now() - t);
    t = performance.now();
    await b();
    timesB.push(performance.now() - t);
    // The stand-ins keep every request: forget them now and then.
    if (i % 100 === 99) await tidy();
  }
  return [timesA, timesB];
}

export async function runToolsBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  const [tools, llm] = await Promise.all([startTools({ port: 0 }), startLlm({ port: 0 })]);
  // The stand-in plays a public tool server: the local escape names exactly it.
  process.env.ALLOW_PRIVATE_URLS = new URL(tools.url).host;
  try {
    const tool = storedToolSchema.parse({
      id: 'bench', userId: 'bench', name: 'get_order_status', description: 'The status of an order',
      serverUrl: `${tools.url}/orders/status`, method: 'GET', fields: [{ in: 'query', key: 'order_id', type: 'string', required: true }],
    });
    const limits = { timeoutMs: 20_000, maxBytes: 1_000_000 };
    const plainUrl = `${tools.url}/orders/status?order_id=1234`;
    const forget = () => Promise.all([fetch(`${tools.url}/__recorded`, { method: 'DELETE' }), fetch(`${llm.url}/__recorded`, { method: 'DELETE' })]);

    // The call alone.
    const call = async () => {
      const checked = checkToolArguments(tool.fields, '{"order_id":"1234"}');
      if (!checked.ok) throw new Error(checked.error);
      const outcome = await callTool(tool, 'bench-secret', checked.args, limits);
      if (!outcome.ok) throw new Error('the stand-in did not answer');
    };
    // A turn through the engine's tool loop, with the tool offered as the engine offers it, or without it.
    const offered: OfferedTool = {
      name: tool.name, description: tool.description, parameters: { ...toolParameters(tool.fields) },
      run: (raw) => runTool(tool, 'bench-secret', raw, limits),
    };
    const settings = { apiKey: 'sk-bench', baseURL: `${llm.url}/v1`, defaultModel: 'gpt-4o-mini' };
    const turn = async (withTool: boolean) => {
      const request = { model: 'gpt-4o-mini', temperature: 0, maxTokens: 200, messages: [{ role: 'system' as const, content: 'You help.' }, { role: 'user' as const, content: 'where is order 1234?' }] };
      const result = await completeWithTools(settings, request, withTool ? [offered] : [], () => undefined, DEFAULT_TIMING);
      if (withTool && result.toolCalls[0]?.ok !== true) throw new Error('the turn did not call the tool');
    };

    for (let i = 0; i < 30; i++) {
      await plainGet(plainUrl);
      await call();
      await turn(true);
      await turn(false);
    }
    await forget();
    const [plain, calls] = await timedPairs(CALLS, () => plainGet(plainUrl), call, forget);
    const [withTool, without] = await timedPairs(TURNS, () => turn(true), () => turn(false), forget);
    const server = median(plain);
    const llmRound = median(without);
    const figures = [
      figure('tool call added time (p50 over the tool server’s own time)', round(Math.max(0, median(calls) - server)), 'ms', 20, `server p50 ${round(server)} ms`),
      figure(
        'tool round added by the engine in a turn (p50 over the tool server and the extra LLM round)',
        round(Math.max(0, median(withTool) - 2 * llmRound - server)),
        'ms',
        20,
        `turn with the tool p50 ${round(median(withTool))} ms, one LLM round p50 ${round(llmRound)} ms, server p50 ${round(server)} ms`,
      ),
    ];
    printFigures(figures, log);
    return figures;
  } finally {
    delete process.env.ALLOW_PRIVATE_URLS;
    await Promise.all([tools.stop(), llm.stop()]);
  }
}

export default runToolsBench;

await runIfMain(import.meta.url, runToolsBench);
