// Test wiring for the runtime's integration tests: the LLM and Voiceflow fakes and the API served on a
// plain node server, over the test run's Firestore emulator (benches, outside vitest, get one of their own).
// Only imported by *.test.ts and benches.
import { start as startLlm } from '@parley/local/fakes/llm';
import { start as startVoiceflow } from '@parley/local/fakes/voiceflow';
import type { RateLimits } from '../src/rate-limits';
import type { ResettableRateLimits } from './rate-limits';

export interface TestStack {
  llm: Awaited<ReturnType<typeof startLlm>>;
  voiceflow: Awaited<ReturnType<typeof startVoiceflow>>;
  api: { url: string; close(): Promise<void> };
  /** The API instance's rate limits (reset() forgets every counter). */
  limits: ResettableRateLimits;
  stop(): Promise<void>;
}

/**
 * Starts everything; env must be set before firebase-admin is first used, so modules load after. `limits` replaces
 * the instance's shared rate limits (e.g. noRateLimits for a bench).
 */
export async function startTestStack(options: { limits?: RateLimits } = {}): Promise<TestStack> {
  const { startScratchEmulator } = await import('@parley/local/testing');
  const ownFirestore = process.env.FIRESTORE_EMULATOR_HOST ? null : await startScratchEmulator();
  const llm = await startLlm({ port: 0 });
  const voiceflow = await startVoiceflow({ port: 0 });
  process.env.VOICEFLOW_API_BASE = voiceflow.url;
  const { serveApi } = await import('../src/http/serve');
  const endpoints = (await import('./composition')).testEndpoints();
  const { resettableRateLimits } = await import('./rate-limits');
  const limits = resettableRateLimits();
  const api = await serveApi(endpoints, { limits: options.limits ?? limits });
  return {
    llm,
    voiceflow,
    api,
    limits,
    async stop() {
      await api.close();
      await llm.stop();
      await voiceflow.stop();
      await ownFirestore?.stop();
    },
  };
}

export const llmEnv = (llmUrl: string) => ({ apiKey: 'sk-test-fake', baseURL: `${llmUrl}/v1`, defaultModel: 'fake-gpt' });

/** Reads an SSE response into its events. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests inspect event payloads freely
export async function readSse(response: Response): Promise<Array<{ event: string; data: any }>> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      return { event, data: JSON.parse(data) };
    });
}
