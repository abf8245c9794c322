// Shared set-up of the agency tests: the stand-ins (Hosting API, fonts, Resend) on free ports, the API served on
// a plain server, ID tokens by name, and callers for the deployed callables. Only tests import this module.
import type { CallableRequest } from 'firebase-functions/https';
import { start as startFonts, type FontsFake } from '@parley/local/fakes/fonts';
import { start as startHosting, type HostingApiFake } from '@parley/local/fakes/hosting-api';
import { start as startResend, type ResendFake } from '@parley/local/fakes/resend';
import { paths, type Region } from '@parley/core';
import { databaseFor } from '../src/adapters/firestore';
import type { IdTokenVerifier, VerifiedToken } from '../src/adapters/id-token';
import { serveCallable, type CallableDefinition } from '../src/callable/define-callable';
import { serveApi } from '../src/http/serve';
import { resettableRateLimits } from './rate-limits';
import { clearBrandingMemo } from '../src/agency/agency-by-host';
import { clearFontCache } from '../src/agency/fonts';
import { endpoints } from '../src/agency/index';

export interface World {
  api: Awaited<ReturnType<typeof serveApi>>;
  hosting: HostingApiFake;
  fonts: FontsFake;
  resend: ResendFake;
  stop(): Promise<void>;
}

/** People by ID token ("<name>.token.sig"): verified workspace users unless they say otherwise. */
export const PEOPLE: Record<string, VerifiedToken> = {
  ada: { uid: 'ada', email: 'ada@example.com', emailVerified: true, role: '' },
  bob: { uid: 'bob', email: 'bob@example.com', emailVerified: true, role: '' },
  eve: { uid: 'eve', email: 'eve@example.com', emailVerified: true, role: '' },
  client: { uid: 'client-1', role: 'client', clientId: 'client-1' },
};
export const tokenOf = (name: keyof typeof PEOPLE) => `${name}.token.sig`;

/** ID tokens as the API and the callables verify them here: a person's token names them. */
const peopleIdTokens: IdTokenVerifier = async (token) => PEOPLE[token.split('.')[0] ?? ''] ?? null;

export async function startWorld(opts: { hostingDelayMs?: number; resendVerifyDelayMs?: number } = {}): Promise<World> {
  const [hosting, fonts, resend] = await Promise.all([
    startHosting({ port: 0, localDelayMs: opts.hostingDelayMs ?? 50 }),
    startFonts({ port: 0 }),
    startResend({ port: 0, verifyDelayMs: opts.resendVerifyDelayMs ?? 50 }),
  ]);
  Object.assign(process.env, {
    HOSTING_API_BASE: hosting.url,
    HOSTING_SITE_ID: 'demo-parley',
    PARLEY_ROOT_DOMAIN: 'localhost',
    GOOGLE_FONTS_BASE: fonts.url,
    GOOGLE_FONTS_API_KEY: '',
    RESEND_BASE_URL: resend.url,
    RESEND_API_KEY: 're_test_agency',
    RESEND_FROM: 'Parley <noreply@parley.dev>',
  });
  const api = await serveApi(endpoints, { limits, idTokens: peopleIdTokens });
  return {
    api,
    hosting,
    fonts,
    resend,
    stop: async () => {
      await Promise.all([api.close(), hosting.stop(), fonts.stop(), resend.stop()]);
    },
  };
}

/** The API instance's rate limits: freshState() forgets their counters. */
const limits = resettableRateLimits();

export async function freshState(): Promise<void> {
  clearBrandingMemo();
  clearFontCache();
  await limits.reset();
}

/** A callable request as Firebase builds it for a signed-in user. */
export function signedIn(name: keyof typeof PEOPLE, data: unknown): CallableRequest<unknown> {
  const p = PEOPLE[name]!;
  const token = { email: p.email ?? undefined, email_verified: p.emailVerified === true, ...(p.role ? { role: p.role } : {}), ...(p.clientId ? { clientId: p.clientId } : {}) };
  return { data, auth: { uid: p.uid, token, rawToken: tokenOf(name) }, rawRequest: {} } as unknown as CallableRequest<unknown>;
}

/** Runs a callable as it is deployed, as `name` (contract parsing and error mapping included). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any callable's definition; answers are read loosely
export const call = <T = Record<string, unknown>>(definition: CallableDefinition<any, any>, name: keyof typeof PEOPLE, data: unknown) =>
  serveCallable(definition, { idTokens: peopleIdTokens }).run(signedIn(name, data)) as Promise<T>;

export async function http(world: World, method: string, path: string, opts: { as?: keyof typeof PEOPLE; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${world.api.url}${path}`, {
    method,
    headers: { ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }), ...(opts.as ? { authorization: `Bearer ${tokenOf(opts.as)}` } : {}), ...opts.headers },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in expectations
  return { status: res.status, headers: res.headers, text, json: (text ? JSON.parse(text) : null) as Record<string, any> };
}

/** A workspace record for `uid` (what createWorkspace writes, trimmed to what the agency reads). */
export async function seedWorkspace(region: Region, uid: string, extra: Record<string, unknown> = {}): Promise<void> {
  await databaseFor(region).doc(paths.user(uid)).set({ uid, email: `${uid}@example.com`, workspaceEmails: [`${uid}@example.com`], internal: { whitelabel_trial: false, whitelabelTrialEndsAt: 0, useNewPricing: true }, ...extra });
}
