/**
 * The local stack, programmatically: `npm start` (local/start.ts) and the browser journeys
 * (e2e/global-setup.ts) both call startStack().
 */
import { join } from 'node:path';
import { discoverFakes, FAKE_PORTS, startFakes, type RunningFakes } from '../fakes/index';
import { FAKE_APPLICATION_ID, FAKE_BOT_TOKEN } from '../fakes/discord/index';
import { registerDiscordCommands } from '../deploy/register-discord-commands';
import { buildStale, ensureWebPlaceholder, type BuildReport } from './builds';
import { ensureWidgetSite } from './widget-site';
import { discoverParams, writeFunctionsEnvFiles } from './functions-env';
import { LOCAL_APP_CHECK_DEBUG_TOKEN, PROJECT_ID, writeConfigScript } from './parley-config';
import { authExporter, restoreAuthExport } from './auth-data';
import { ageOf } from './folder-swap';
import { describeLeftovers, processRecord, stopLeftovers } from './leftovers';
import { exportEveryMs, repeatEvery } from './periodic';
import { localFetchAllowance } from './fetch-allowance';
import { assertPortsFree, CORE_PORTS, STACK_PORTS, type NamedPort } from './ports';
import type { ManagedProcess } from './processes';
import { DEMO, seedDemo, type SeedResult } from './seed';
import type { RunningEmulator } from '../firestore-emulator/index';
import { startEmulators, startFirestore } from './services';

export interface StackOptions {
  /** Repository root. */
  root: string;
  /** Where local data lives: firestore/, auth/, logs/. */
  dataDir: string;
  /** Progress lines, e.g. "[3/7] starting the provider stand-ins…". */
  log?: (line: string) => void;
  /**
   * How often Firestore and Auth are exported to dataDir while the stack runs (default: PARLEY_EXPORT_EVERY_MS, else
   * 10 s); null: only when it stops.
   */
  exportEveryMs?: number | null;
}

export interface RunningStack {
  url: string;
  mailboxUrl: string | null;
  demo: typeof DEMO;
  seed: SeedResult;
  /** Milliseconds per step, for reporting. */
  timings: Record<string, number>;
  /** Exports the Firestore data and the Auth users now, after any export in progress. */
  exportNow(): Promise<void>;
  /** Exports the Firestore data and the Auth users once more, then stops every child, in reverse order. */
  stop(): Promise<void>;
}

export const APP_URL = `http://127.0.0.1:${STACK_PORTS.hosting}`;
/** The widget chat's own origin (firebase.json's `widget` Hosting site). */
export const WIDGET_URL = `http://127.0.0.1:${STACK_PORTS.widget}`;

/** Every fixed port the stack will bind, with what binds it. */
export function stackPorts(): NamedPort[] {
  const fakes = discoverFakes().fakes.map((f) => ({ port: f.port, name: `${f.name} fake` }));
  return [...CORE_PORTS, ...fakes];
}

export async function startStack(opts: StackOptions): Promise<RunningStack> {
  const log = opts.log ?? (() => undefined);
  const total = 7;
  const timings: Record<string, number> = {};
  const stoppers: (() => Promise<void>)[] = [];
  const step = async <T>(n: number, label: string, key: string, fn: () => Promise<T>): Promise<T> => {
    log(`[${n}/${total}] ${label}…`);
    const started = Date.now();
    const result = await fn();
    timings[key] = Date.now() - started;
    return result;
  };
  // The children are recorded in the data folder while they run: after a crash, the next start stops what is left.
  const recordFile = join(opts.dataDir, 'processes.json');
  const leftovers = describeLeftovers(await stopLeftovers(recordFile));
  if (leftovers) log(leftovers);
  const record = processRecord(recordFile);
  const everyMs = opts.exportEveryMs === undefined ? exportEveryMs() : opts.exportEveryMs;
  const onExportError = (what: string) => (error: unknown) => log(`exporting ${what} to ${opts.dataDir} failed (trying again): ${error instanceof Error ? error.message : String(error)}`);
  const stopAll = async () => {
    for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
    stoppers.length = 0;
    record.close();
  };
  const logBuild = (r: BuildReport) =>
    log(`      ${r.name}: ${r.outcome}${r.outcome === 'built' ? ` in ${(r.ms / 1000).toFixed(1)} s` : ''}${r.note ? ` (${r.note})` : ''}`);

  const logDir = join(opts.dataDir, 'logs');
  const authDir = join(opts.dataDir, 'auth');
  let authExportedAt: Date | null = null;
  let firestore: RunningEmulator | null = null;
  // Started in the background and awaited later; tracked here so a failure elsewhere still stops them.
  const background: { firestore?: Promise<RunningEmulator>; emulators?: Promise<ManagedProcess> } = {};
  try {
    await step(1, 'checking that the fixed ports are free', 'ports', () => assertPortsFree(stackPorts()));

    await step(2, 'building the functions if they changed', 'functions', () => buildStale(opts.root, logBuild, ['core', 'functions']));

    const fakes: RunningFakes = await step(3, 'starting the provider stand-ins', 'fakes', async () => {
      // The mailbox also lists the Auth emulator's e-mails (verify your e-mail …), which the emulator never sends.
      const running = await startFakes({ options: { resend: { authEmulator: { url: `http://127.0.0.1:${STACK_PORTS.auth}`, projectId: PROJECT_ID } } } });
      stoppers.push(() => running.stop());
      for (const f of running.fakes) log(`      ${f.name}: ${f.url}`);
      for (const name of running.unknown) log(`      ${name}: not started (no port for it in FAKE_PORTS, local/fakes/index.ts)`);
      // Discord delivers only the commands an application registered: register /ask as a deploy does.
      const discord = running.fakes.find((f) => f.name === 'discord');
      if (discord) {
        const names = await registerDiscordCommands({ apiBase: `${discord.url}/api/v10`, applicationId: FAKE_APPLICATION_ID, botToken: FAKE_BOT_TOKEN });
        log(`      discord: registered ${names.map((n) => `/${n}`).join(', ')}`);
      }
      return running;
    });

    const functionsEnv = {
      ...fakes.env,
      FIRESTORE_EMULATOR_HOST: `127.0.0.1:${STACK_PORTS.firestore}`,
      PARLEY_APP_URL: APP_URL,
      // The widget chat's own site counts as ours when an agent's allowed domains are checked.
      PARLEY_WIDGET_ORIGIN: WIDGET_URL,
      // User-supplied URLs may reach the stand-ins (127.0.0.1:94xx) and nothing else private: the Firestore
      // emulator, the other emulators and 169.254.169.254 are refused here exactly as in production.
      ALLOW_PRIVATE_URLS: localFetchAllowance(fakes.fakes, process.env.PARLEY_ALLOW_PRIVATE_URLS),
      // Uploads live beside the rest of this stack's data (a temporary folder for the journeys).
      PARLEY_UPLOADS_DIR: join(opts.dataDir, 'uploads'),
      // App Check is enforced locally too (PARLEY_APP_CHECK=off npm start to try without): the published chat sends
      // the stack's debug token through the App Check SDK, which only the Functions emulator accepts.
      PARLEY_APP_CHECK: process.env.PARLEY_APP_CHECK ?? 'enforce',
      PARLEY_APP_CHECK_DEBUG_TOKEN: LOCAL_APP_CHECK_DEBUG_TOKEN,
    };
    // The emulators take longest to boot, so they start now and the web build runs meanwhile
    // (Hosting reads web/dist from disk on every request).
    await step(4, "starting Google's Firestore emulator and the Auth, Functions and Hosting emulators", 'launch', async () => {
      const params = await discoverParams(join(opts.root, 'functions/lib/index.js'));
      writeFunctionsEnvFiles(join(opts.root, 'functions'), params, functionsEnv);
      ensureWebPlaceholder(opts.root);
      ensureWidgetSite(opts.root);
      background.firestore = startFirestore({ root: opts.root, dataDir: join(opts.dataDir, 'firestore'), logDir, exportEveryMs: everyMs, onExportError: onExportError('Firestore'), record });
      authExportedAt = restoreAuthExport(authDir);
      background.emulators = startEmulators({ root: opts.root, authDir, logDir, env: functionsEnv, record });
      // Avoid unhandled rejections while they boot; their errors surface where they are awaited.
      background.firestore.catch(() => undefined);
      background.emulators.catch(() => undefined);
    });

    await step(5, 'building the widget and the web app if they changed', 'build', async () => {
      await buildStale(opts.root, logBuild, ['widget', 'web']);
      writeConfigScript(join(opts.root, 'web/dist/parley-config.js'));
    });

    await step(6, `waiting for the Firestore emulator (127.0.0.1:${STACK_PORTS.firestore}) and the other emulators`, 'ready', async () => {
      const [started, emulators] = await Promise.allSettled([background.firestore!, background.emulators!]);
      if (started.status === 'fulfilled') stoppers.push(() => started.value.stop(15_000));
      if (emulators.status === 'fulfilled') stoppers.push(() => emulators.value.stop(20_000));
      if (started.status === 'rejected') throw started.reason;
      if (emulators.status === 'rejected') throw emulators.reason;
      firestore = started.value;
    });
    // Auth users are exported by the stack itself (the emulators' own export runs only on a clean stop), while it
    // runs when they changed, and once more before the emulators stop (stoppers run in reverse).
    const auth = authExporter({ base: `http://127.0.0.1:${STACK_PORTS.auth}`, projectId: PROJECT_ID, dir: authDir });
    const authExports = repeatEvery(everyMs, async () => void (await auth.exportIfChanged()), onExportError('the Auth users'));
    stoppers.push(async () => {
      await authExports.stop();
      await auth.exportIfChanged();
    });
    const restored = describeRestored(firestore!.imported.exportedAt, authExportedAt);
    if (restored) log(`      ${restored}`);

    const seed = await step(7, 'seeding the demo workspace (once) and migrating old data', 'seed', () => {
      const vapi = fakes.fakes.find((f) => f.name === 'vapi');
      return seedDemo(vapi ? { voice: { vapiUrl: vapi.url, appUrl: APP_URL } } : {});
    });
    log(seed.createdWorkspace ? `      created ${DEMO.email} with "${DEMO.agentTitle}"` : '      already seeded, kept existing data');

    const resend = fakes.fakes.find((f) => f.name === 'resend');
    return {
      url: APP_URL,
      mailboxUrl: resend ? `${resend.url}/` : null,
      demo: DEMO,
      seed,
      timings,
      exportNow: async () => {
        await Promise.all([firestore!.exportNow(), authExports.flush()]);
      },
      stop: stopAll,
    };
  } catch (error) {
    // Children may still be booting in the background: stop them once they are up (or failed).
    await Promise.allSettled([background.firestore, background.emulators].map((p) => p?.then((proc) => proc.stop(5000))));
    await stopAll();
    throw error;
  }
}

/** "restored the data exported 12 s ago (Firestore), 15 s ago (Auth users)", or null when there was none. */
function describeRestored(firestoreAt: Date | null, authAt: Date | null): string | null {
  const parts = [firestoreAt && `${ageOf(firestoreAt)} ago (Firestore)`, authAt && `${ageOf(authAt)} ago (Auth users)`].filter(Boolean);
  return parts.length > 0 ? `restored the data exported ${parts.join(', ')}` : null;
}

export { FAKE_PORTS };
