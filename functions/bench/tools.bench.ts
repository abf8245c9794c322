/**
 * Tool calls budget: what one tool round adds on top of the tool server's own time — checking the model's
 * arguments against the fields, building the request, the safe fetch's address checks, reading and redacting the
 * answer — as the p50 of 300 calls of the tools stand-in's order status over a plain GET of the same URL on a fresh
 * connection: ≤ 20 ms. `npx tsx functions/bench/tools.bench.ts` prints the figure beside its budget.
 */
import { performance } from 'node:perf_hooks';
import { checkToolArguments, toolFieldSchema } from '@parley/core';
import { start as startTools } from '@parley/local/fakes/tools';
import { figure, printFigures, runIfMain, type BenchFigure } from '../../local/bench/figure';
import { median, plainGet, round } from './timing';
import { callTool } from '../src/tools/call-tool';

export async function runToolsBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  const tools = await startTools({ port: 0 });
  // The stand-in plays a public tool server: the local escape names exactly it.
  process.env.ALLOW_PRIVATE_URLS = new URL(tools.url).host;
  try {
    const tool = { serverUrl: `${tools.url}/orders/status`, method: 'GET' as const, fields: [toolFieldSchema.parse({ in: 'query', key: 'order_id', required: true })] };
    const limits = { timeoutMs: 20_000, maxBytes: 1_000_000 };
    const round1 = async () => {
      const checked = checkToolArguments(tool.fields, '{"order_id":"1234"}');
      if (!checked.ok) throw new Error(checked.error);
      const outcome = await callTool(tool, 'bench-secret', checked.args, limits);
      if (!outcome.ok) throw new Error('the stand-in did not answer');
    };
    const plainUrl = `${tools.url}/orders/status?order_id=1234`;
    for (let i = 0; i < 30; i++) {
      await plainGet(plainUrl);
      await round1();
    }
    const plain: number[] = [];
    const rounds: number[] = [];
    for (let i = 0; i < 300; i++) {
      let t = performance.now();
      await plainGet(plainUrl);
      plain.push(performance.now() - t);
      t = performance.now();
      await round1();
      rounds.push(performance.now() - t);
      // The stand-in keeps every request: forget them now and then.
      if (i % 100 === 99) await fetch(`${tools.url}/__recorded`, { method: 'DELETE' });
    }
    const base = median(plain);
    const figures = [figure('tool round added time (p50 over the tool server’s own time)', round(Math.max(0, median(rounds) - base)), 'ms', 20, `server p50 ${round(base)} ms`)];
    printFigures(figures, log);
    return figures;
  } finally {
    delete process.env.ALLOW_PRIVATE_URLS;
    await tools.stop();
  }
}

export default runToolsBench;

await runIfMain(import.meta.url, runToolsBench);
