/**
 * Registry of provider stand-ins: every folder local/fakes/<name>/index.ts is started on its
 * fixed port from the shared contract. A fake may export `functionsEnv(url)` to tell the
 * functions how to reach it; otherwise FUNCTIONS_ENV below applies.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { portOverride } from '../stack/ports';

export const FAKES_DIR = dirname(fileURLToPath(import.meta.url));

/** Fixed ports of the contract (fakes 9400-9499); PARLEY_PORT_<NAME> moves one (e.g. PARLEY_PORT_RESEND). */
export const FAKE_PORTS: Record<string, number> = {
  resend: 9401,
  llm: 9402,
  voiceflow: 9403,
  stripe: 9404,
  meta: 9405,
  telegram: 9406,
  discord: 9407,
  webhooks: 9408,
  'webhook-sink': 9408,
  sink: 9408,
  'hosting-api': 9409,
  fonts: 9410,
  /** The channel simulator page (no provider: it drives the channel stand-ins' /__sim API). */
  simulator: 9411,
  /** A small website (pages, sitemap, robots.txt, ETags) for knowledge URL sources and crawls. */
  site: 9412,
  /** Agent tools' servers (order status, appointment slots, lead lookup) for the Functions page and conversations. */
  tools: 9413,
  /** The voice provider (Vapi's REST, signed webhooks, simulated calls) and Twilio's phone-number API. */
  vapi: 9414,
  twilio: 9415,
};

/** What the functions need to use each fake instead of the real provider (base URLs and dummy keys). */
export const FUNCTIONS_ENV: Record<string, (url: string) => Record<string, string>> = {
  resend: (url) => ({ RESEND_BASE_URL: url, RESEND_API_KEY: 're_local_fake_key' }),
  llm: (url) => ({ OPENAI_BASE_URL: `${url}/v1`, OPENAI_API_KEY: 'sk-local-fake-key', LLM_DEFAULT_MODEL: 'gpt-4o-mini' }),
  voiceflow: (url) => ({ VOICEFLOW_API_BASE: url }),
  stripe: (url) => ({ STRIPE_API_BASE: url, STRIPE_SECRET_KEY: 'sk_test_local_fake', STRIPE_WEBHOOK_SECRET: 'whsec_local_fake' }),
  meta: (url) => ({ META_GRAPH_BASE: url, META_APP_ID: 'local-meta-app', META_APP_SECRET: 'local-meta-secret' }),
  telegram: (url) => ({ TELEGRAM_API_BASE: url }),
  discord: (url) => ({ DISCORD_API_BASE: url }),
  webhooks: (url) => ({ WEBHOOKS_SINK_URL: url }),
};

interface FakeModule {
  start(opts: { port: number } & Record<string, unknown>): Promise<{ url: string; stop(): Promise<void> }>;
  functionsEnv?: (url: string) => Record<string, string>;
}

export interface FakeEntry {
  name: string;
  port: number;
  entry: string;
}

/** The fakes present on disk, with their contract port; folders without a contract port are reported, not started. */
export function discoverFakes(dir = FAKES_DIR): { fakes: FakeEntry[]; unknown: string[] } {
  const fakes: FakeEntry[] = [];
  const unknown: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory()) continue;
    const file = join(dir, entry.name, 'index.ts');
    if (!existsSync(file)) continue;
    const fixed = FAKE_PORTS[entry.name];
    const port = fixed === undefined ? undefined : portOverride(entry.name, fixed);
    if (port === undefined) unknown.push(entry.name);
    else fakes.push({ name: entry.name, port, entry: file });
  }
  return { fakes, unknown };
}

export interface RunningFake {
  name: string;
  url: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

export interface RunningFakes {
  fakes: RunningFake[];
  unknown: string[];
  /** Environment for the functions: every running fake's base URL and dummy keys. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts every fake found (ports can be overridden, e.g. 0 in tests); stops the started ones if one fails.
 * `options` adds start options per fake (e.g. the Auth emulator the resend fake's mailbox lists links from).
 */
export async function startFakes(
  opts: { dir?: string; ports?: Record<string, number>; options?: Record<string, Record<string, unknown>> } = {},
): Promise<RunningFakes> {
  const { fakes, unknown } = discoverFakes(opts.dir);
  const running: RunningFake[] = [];
  try {
    for (const fake of fakes) {
      const mod = (await import(pathToFileURL(fake.entry).href)) as FakeModule;
      if (typeof mod.start !== 'function') throw new Error(`local/fakes/${fake.name}/index.ts does not export start({ port })`);
      const port = opts.ports?.[fake.name] ?? fake.port;
      let handle: Awaited<ReturnType<FakeModule['start']>>;
      try {
        handle = await mod.start({ ...opts.options?.[fake.name], port });
      } catch (error) {
        throw new Error(`the ${fake.name} fake could not start on port ${port}: ${error instanceof Error ? error.message : error}`);
      }
      const envFor = mod.functionsEnv ?? FUNCTIONS_ENV[fake.name];
      running.push({ name: fake.name, url: handle.url, env: envFor ? envFor(handle.url) : {}, stop: () => handle.stop() });
    }
  } catch (error) {
    await Promise.allSettled(running.map((f) => f.stop()));
    throw error;
  }
  return {
    fakes: running,
    unknown,
    env: Object.assign({}, ...running.map((f) => f.env)) as Record<string, string>,
    stop: async () => {
      await Promise.allSettled(running.map((f) => f.stop()));
    },
  };
}
