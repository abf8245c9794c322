// Where our API is reached from the providers (the webhook URLs we register), read at call time.
import type { Region } from '@parley/core';

/** The public origin of the API (Hosting rewrites /v2 and /agents to the api function): PARLEY_APP_URL. */
export function apiBase(): string {
  return (process.env.PARLEY_API_BASE || process.env.PARLEY_APP_URL || '').replace(/\/+$/, '');
}

/** `?region=eu` for EU agents (webhook URLs name the database their agent lives in). */
export function regionQuery(region: Region): string {
  return region === 'na' ? '' : `?region=${region}`;
}
