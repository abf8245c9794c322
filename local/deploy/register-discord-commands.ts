/**
 * Registers the application's slash commands (`/ask`) with Discord: a bulk overwrite of its global commands,
 * so running it again changes nothing. Discord only delivers commands an application registered, so run it
 * once per application and after the commands change:
 *   DISCORD_APPLICATION_ID=… DISCORD_BOT_TOKEN=… npm run discord:commands
 * DISCORD_API_BASE points it elsewhere (the local stack registers with its Discord stand-in at start).
 */
import { pathToFileURL } from 'node:url';
import { channelsApi } from '@parley/core';

export interface DiscordApp {
  /** Discord's API base, e.g. https://discord.com/api/v10. */
  apiBase: string;
  applicationId: string;
  botToken: string;
}

/** The command names Discord now has for the application; throws with Discord's own message when it refuses. */
export async function registerDiscordCommands(app: DiscordApp): Promise<string[]> {
  const url = `${app.apiBase.replace(/\/+$/, '')}/applications/${encodeURIComponent(app.applicationId)}/commands`;
  const res = await fetch(url, {
    method: 'PUT',
    headers: { authorization: `Bot ${app.botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(channelsApi.DISCORD_COMMANDS),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json().catch(() => null)) as { message?: string } | Array<{ name: string }> | null;
  if (!res.ok || !Array.isArray(body)) {
    const message = body && !Array.isArray(body) && body.message ? body.message : `HTTP ${res.status}`;
    throw new Error(`Discord refused the commands: ${message}`);
  }
  return body.map((c) => c.name);
}

/** The app from the environment, or the name of what is missing. */
export function discordAppFromEnv(env: NodeJS.ProcessEnv): DiscordApp | { missing: string[] } {
  const missing = ['DISCORD_APPLICATION_ID', 'DISCORD_BOT_TOKEN'].filter((name) => !env[name]);
  if (missing.length) return { missing };
  return { apiBase: env.DISCORD_API_BASE || 'https://discord.com/api/v10', applicationId: env.DISCORD_APPLICATION_ID!, botToken: env.DISCORD_BOT_TOKEN! };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const app = discordAppFromEnv(process.env);
  if ('missing' in app) {
    console.error(`Set ${app.missing.join(' and ')} (Discord Developer Portal → your application).`);
    process.exit(2);
  }
  registerDiscordCommands(app).then(
    (names) => console.log(`Registered with Discord: ${names.map((n) => `/${n}`).join(', ')}`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
