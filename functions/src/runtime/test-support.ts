// Test wiring for the runtime's integration tests: the local Firestore engine, the LLM and Voiceflow
// fakes and the API served on a plain node server. Only imported by *.test.ts and benches.
import { startFirestore } from '../../../local/firestore/index.ts';
import { start as startLlm } from '../../../local/fakes/llm/index.ts';
import { start as startVoiceflow } from '../../../local/fakes/voiceflow/index.ts';

export interface TestStack {
  firestore: Awaited<ReturnType<typeof startFirestore>>;
  llm: Awaited<ReturnType<typeof startLlm>>;
  voiceflow: Awaited<ReturnType<typeof startVoiceflow>>;
  api: { url: string; close(): Promise<void> };
  stop(): Promise<void>;
}

/** Starts everything; env must be set before firebase-admin is first used, so modules load after. */
export async function startTestStack(): Promise<TestStack> {
  const firestore = await startFirestore({ port: 0 });
  process.env.FIRESTORE_EMULATOR_HOST = `${firestore.host}:${firestore.port}`;
  process.env.GCLOUD_PROJECT = 'demo-parley';
  const llm = await startLlm({ port: 0 });
  const voiceflow = await startVoiceflow({ port: 0 });
  process.env.VOICEFLOW_API_BASE = voiceflow.url;
  const { serveApi } = await import('../http/serve');
  const { endpoints } = await import('../endpoints');
  const api = await serveApi(endpoints);
  return {
    firestore,
    llm,
    voiceflow,
    api,
    async stop() {
      await api.close();
      await llm.stop();
      await voiceflow.stop();
      await firestore.stop();
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
