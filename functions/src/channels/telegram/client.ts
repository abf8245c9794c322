// The Telegram Bot API (https://core.telegram.org/bots/api): POST {base}/bot{token}/{method} with JSON. The base
// is fixed (TELEGRAM_API_BASE only points it at the local stand-in), never a URL a user gave. The token is part of
// the URL: neither URLs nor bodies of these calls are logged.
export interface BotResult<T> {
  ok: boolean;
  result?: T;
  description?: string;
  error_code?: number;
}

export interface TelegramUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
}

export const TELEGRAM_DEFAULT_BASE = 'https://api.telegram.org';
/** sendMessage's longest text. */
export const TELEGRAM_MAX_TEXT = 4096;

export function telegramBase(): string {
  return (process.env.TELEGRAM_API_BASE || TELEGRAM_DEFAULT_BASE).replace(/\/+$/, '');
}

/** One Bot API call. A network failure becomes `{ ok: false, description }` without the URL (it holds the token). */
export async function callBot<T>(token: string, method: string, body: Record<string, unknown> = {}): Promise<BotResult<T>> {
  try {
    const res = await fetch(`${telegramBase()}/bot${token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await res.json().catch(() => null)) as BotResult<T> | null;
    if (json && typeof json.ok === 'boolean') return json;
    return { ok: false, error_code: res.status, description: `Telegram answered ${res.status}` };
  } catch (error) {
    return { ok: false, error_code: 0, description: error instanceof Error && error.name === 'TimeoutError' ? 'Telegram did not answer in time' : 'Telegram could not be reached' };
  }
}
