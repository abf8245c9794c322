// Our Discord application: its id (install link, follow-ups), its public key (interaction signatures) and the API
// base (DISCORD_API_BASE only points it at the local stand-in). Read at call time.
export const DISCORD_DEFAULT_API = 'https://discord.com/api/v10';
/** Discord's longest message. */
export const DISCORD_MAX_TEXT = 2000;

export function discordApiBase(): string {
  return (process.env.DISCORD_API_BASE || DISCORD_DEFAULT_API).replace(/\/+$/, '');
}
export function discordApplicationId(): string {
  return process.env.DISCORD_APPLICATION_ID ?? '';
}
/** Hex Ed25519 public key from the Developer Portal (General Information → Public Key). */
export function discordPublicKey(): string {
  return process.env.DISCORD_PUBLIC_KEY ?? '';
}
/** The site users see (install link): discord.com, or the local stand-in's origin. */
export function discordSiteBase(): string {
  return process.env.DISCORD_API_BASE ? new URL(discordApiBase()).origin : 'https://discord.com';
}

/** Webhook URLs we accept: Discord's own, or (locally) the stand-in's. */
export function isDiscordWebhookUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  const local = process.env.DISCORD_API_BASE ? new URL(discordApiBase()).origin : null;
  const official = url.protocol === 'https:' && ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com'].includes(url.hostname);
  return (official || url.origin === local) && /^\/api\/(v\d+\/)?webhooks\/\d+\/[A-Za-z0-9_-]+\/?$/.test(url.pathname);
}

/** The local stand-in listens on its own port: only its URLs may use ports other than 80/443. */
export function webhookPorts(raw: string): 'any' | undefined {
  const local = process.env.DISCORD_API_BASE ? new URL(discordApiBase()).origin : null;
  return local && new URL(raw).origin === local ? 'any' : undefined;
}
