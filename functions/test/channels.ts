// Test wiring for the channels: the runtime's test stack (Firestore emulator, LLM fake, the API on a node server)
// plus the Telegram and Discord stand-ins, an in-process answer queue that behaves like Cloud Tasks (one run per
// task id, retries on failure) and helpers to connect channels. Only imported by tests and benches.
import { start as startDiscord } from '@parley/local/fakes/discord';
import { start as startTelegram } from '@parley/local/fakes/telegram';
import { start as startMeta } from '@parley/local/fakes/meta';
import { llmEnv, startTestStack, type TestStack } from './runtime';
import type { AnswerTask } from '../src/channels/pipeline';
import type { Composition } from '../src/composition';

export interface ChannelStack extends TestStack {
  telegram: Awaited<ReturnType<typeof startTelegram>>;
  discord: Awaited<ReturnType<typeof startDiscord>>;
  meta: Awaited<ReturnType<typeof startMeta>>;
  /** Waits until every queued answer (and its retries) has run. */
  drain(): Promise<void>;
  /** Tasks enqueued so far (each id once). */
  enqueued: string[];
  /** The tests' composition (what the channels' callables are handed: its events). */
  app: Composition;
}

export async function startChannelStack(): Promise<ChannelStack> {
  const base = await startTestStack();
  const telegram = await startTelegram({ port: 0 });
  const discordFake = await import('@parley/local/fakes/discord');
  const discord = await startDiscord({ port: 0, interactionsUrl: `${base.api.url}/v2/channels/discord/interactions` });
  // Discord delivers only registered commands: register /ask as a deploy does.
  const { registerDiscordCommands } = await import('@parley/local/deploy/register-discord-commands');
  await registerDiscordCommands({ apiBase: `${discord.url}/api/v10`, applicationId: discordFake.FAKE_APPLICATION_ID, botToken: discordFake.FAKE_BOT_TOKEN });
  // Meta's status callbacks are off here: tests that count webhooks or conversations see only the messages.
  const meta = await startMeta({ port: 0, statusCallbacks: false });
  const metaFake = await import('@parley/local/fakes/meta');
  Object.assign(process.env, {
    TELEGRAM_API_BASE: telegram.url,
    ...discordFake.functionsEnv(discord.url),
    ...metaFake.functionsEnv(meta.url),
    PARLEY_APP_URL: base.api.url,
    ALLOW_PRIVATE_URLS: 'true',
  });
  const { answerEvent } = await import('../src/channels/pipeline');
  const { runtimeDeps, testApp } = await import('./composition');
  // Channel answers with the fake LLM and no settings cache, sent by the channels' own senders.
  const pipeline = { engine: runtimeDeps({ llm: () => llmEnv(base.llm.url), agentCacheMs: 0, credits: testApp.credits }), senders: testApp.channelSenders };
  const running = new Set<Promise<void>>();
  const seen = new Set<string>();
  const enqueued: string[] = [];
  const run = async (task: AnswerTask) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await answerEvent(pipeline, task);
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((r) => setTimeout(r, 20 * attempt));
      }
    }
  };
  // The webhooks' answers run in this process (no Cloud Tasks), through the tests' composition.
  testApp.answerQueue = {
    async enqueue(task, id) {
      if (seen.has(id)) return;
      seen.add(id);
      enqueued.push(id);
      const p = run(task).catch((error: unknown) => console.error('[test queue] task failed:', error instanceof Error ? error.message : error));
      running.add(p);
      void p.finally(() => running.delete(p));
    },
  };
  return {
    ...base,
    telegram,
    discord,
    meta,
    enqueued,
    app: testApp,
    async drain() {
      while (running.size > 0) await Promise.all([...running]);
    },
    async stop() {
      await telegram.stop();
      await discord.stop();
      await meta.stop();
      await base.stop();
    },
  };
}

export const owner = (uid: string) => ({ kind: 'user' as const, uid, email: `${uid}@test.dev`, emailVerified: true, role: '' });

export async function simInbound(fakeUrl: string, body: { endpointId: string; userId: string; userName: string; text: string; chatType?: string }) {
  const res = await fetch(`${fakeUrl}/__sim/inbound`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as { delivered: boolean; status: number; messageId: string };
}

export async function simThread(fakeUrl: string, endpointId: string, userId: string) {
  const res = await fetch(`${fakeUrl}/__sim/thread?endpointId=${encodeURIComponent(endpointId)}&userId=${encodeURIComponent(userId)}`);
  return ((await res.json()) as { messages: Array<{ from: 'user' | 'agent'; text: string }> }).messages;
}

/** A bot token the Telegram stand-in accepts (`{id}:{secret}`). */
export const botToken = (id: number) => `${id}:AAH${'x'.repeat(20)}${id}`;
