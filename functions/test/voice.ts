// Test wiring for voice: the runtime's test stack (Firestore emulator, the LLM stand-in, the API on a node server)
// plus the Vapi, Twilio and tools stand-ins; the functions reach them through the production adapter (the real SDKs)
// by the environment, and the engine answers with the LLM stand-in. Simulation helpers drive calls as a caller
// would. Only imported by tests and benches.
import { start as startTools } from '@parley/local/fakes/tools';
import { start as startTwilio } from '@parley/local/fakes/twilio';
import { start as startVapi } from '@parley/local/fakes/vapi';
import { llmEnv, startTestStack, type TestStack } from './runtime';

export interface VoiceStack extends TestStack {
  vapi: Awaited<ReturnType<typeof startVapi>>;
  twilio: Awaited<ReturnType<typeof startTwilio>>;
  tools: Awaited<ReturnType<typeof startTools>>;
  sim<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T>;
  /** A resource of the Vapi stand-in, as its REST API answers (with the key the functions use). */
  vapiGet<T = Record<string, unknown>>(path: string): Promise<T>;
  /** Stops the Vapi stand-in and starts it again on its port: it holds no assistant, number or call any more. */
  restartVapi(): Promise<void>;
}

export async function startVoiceStack(): Promise<VoiceStack> {
  const base = await startTestStack();
  const [firstVapi, twilio, tools] = await Promise.all([startVapi({ port: 0 }), startTwilio({ port: 0 }), startTools({ port: 0 })]);
  let vapi = firstVapi;
  const vapiFake = await import('@parley/local/fakes/vapi');
  const twilioFake = await import('@parley/local/fakes/twilio');
  Object.assign(process.env, {
    ...vapiFake.functionsEnv(vapi.url),
    ...twilioFake.functionsEnv(twilio.url),
    PARLEY_APP_URL: base.api.url,
    ALLOW_PRIVATE_URLS: new URL(tools.url).host,
  });
  const { runtimeDeps, useEngine } = await import('./composition');
  const { agentTools } = await import('../src/tools');
  useEngine(runtimeDeps({ llm: () => llmEnv(base.llm.url), agentCacheMs: 0, tools: agentTools({ timeoutMs: 2000, maxBytes: 100_000 }) }));
  return {
    ...base,
    get vapi() {
      return vapi;
    },
    twilio,
    tools,
    async sim<T>(path: string, body: unknown = {}) {
      const res = await fetch(`${vapi.url}/__sim${path}`, { method: path === '/calls' ? 'GET' : 'POST', ...(path === '/calls' ? {} : { body: JSON.stringify(body) }) });
      return (await res.json()) as T;
    },
    async vapiGet<T>(path: string) {
      return (await (await fetch(`${vapi.url}${path}`, { headers: { authorization: `Bearer ${vapiFake.FAKE_VAPI_KEY}` } })).json()) as T;
    },
    async restartVapi() {
      await vapi.stop();
      vapi = await startVapi({ port: Number(new URL(vapi.url).port) });
    },
    async stop() {
      useEngine(null);
      await Promise.all([vapi.stop(), twilio.stop(), tools.stop()]);
      await base.stop();
    },
  };
}

/** A signed-in workspace member, as a callable's request names them. */
export const signedIn = (uid: string) => ({ auth: { uid, token: { email: `${uid}@voice.test`, email_verified: true } as never, rawToken: 'x' } });
