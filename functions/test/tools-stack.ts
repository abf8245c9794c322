// Test wiring for the engine's tests with tools: the runtime's test stack (test/runtime.ts) and the tools stand-in as
// the tool server, its address the only private one let through. Only imported by *.test.ts.
import { start as startTools, type ToolRequestRecord } from '@parley/local/fakes/tools';
import type { Firestore } from 'firebase-admin/firestore';
import { llmEnv, startTestStack, type TestStack } from './runtime';

export interface ToolsStack {
  stack: TestStack;
  tools: Awaited<ReturnType<typeof startTools>>;
  db: Firestore;
  /** Answers with the LLM stand-in (or offline) and the tools feature's loader with these call limits. */
  useEngine(options: { llm: boolean; toolTimeoutMs: number; timing: { deadlineMs: number; baseDelayMs: number; maxAttempts: number; attemptTimeoutMs: number } }): void;
  /** Forgets the rate limits and what the stand-ins recorded; the tools stand-in answers at once again. */
  reset(): Promise<void>;
  /** What the tools stand-in received, in order. */
  toolRequests(): Promise<ToolRequestRecord[]>;
  /** What the LLM stand-in received, in order (bodies as sent). */
  llmRequests(): Promise<Array<{ body: any }>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect request bodies freely
  stop(): Promise<void>;
}

export async function startToolsStack(): Promise<ToolsStack> {
  const stack = await startTestStack();
  const tools = await startTools({ port: 0 });
  process.env.ALLOW_PRIVATE_URLS = new URL(tools.url).host;
  const db = (await import('../src/adapters/firestore')).databaseFor('na');
  const composition = await import('./composition');
  const { agentTools } = await import('../src/tools');
  return {
    stack,
    tools,
    db,
    useEngine: ({ llm, toolTimeoutMs, timing }) =>
      composition.useEngine(
        composition.runtimeDeps({ llm: llm ? () => llmEnv(stack.llm.url) : () => null, timing, agentCacheMs: 0, tools: agentTools({ timeoutMs: toolTimeoutMs, maxBytes: 100_000 }) }),
      ),
    async reset() {
      await stack.limits.reset();
      await fetch(`${tools.url}/__recorded`, { method: 'DELETE' });
      await fetch(`${tools.url}/__control`, { method: 'POST', body: JSON.stringify({ reset: true }) });
      await fetch(`${stack.llm.url}/__recorded`, { method: 'DELETE' });
    },
    toolRequests: async () => (await (await fetch(`${tools.url}/__recorded`)).json()) as ToolRequestRecord[],
    llmRequests: async () => (await (await fetch(`${stack.llm.url}/__recorded`)).json()) as Array<{ body: any }>, // eslint-disable-line @typescript-eslint/no-explicit-any
    async stop() {
      composition.useEngine(null);
      delete process.env.ALLOW_PRIVATE_URLS;
      await tools.stop();
      await stack.stop();
    },
  };
}
