// POST /v2/workspaces/{uid}/email against the Firestore emulator and the Resend fake (through the real resend
// client): an invitation to members just added, never an open relay.
import { paths, workspacesApi } from '@parley/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { start as startResend, type ResendFake } from '@parley/local/fakes/resend';
import { testIdTokens } from '../../test/id-tokens';
import { databaseFor } from '../adapters/firestore';
import { serveApi } from '../http/serve';
import { RATE_RULES } from '../rate-limits';
import { resettableRateLimits } from '../../test/rate-limits';
import { seedWorkspace } from '../../test/agent-builder-env';
import { workspacesEndpoints } from './index';
import { invitationsPath } from './workspace-email';

// These workspaces hold nothing at the voice provider.
const endpoints = workspacesEndpoints({ releaseVoice: async () => [] });

const { INVITE_EMAIL_MESSAGES, INVITE_LIMITS } = workspacesApi;
const SECRET = 'vg_adaWorkspaceSecret001';
let resend: ResendFake;
let api: Awaited<ReturnType<typeof serveApi>>;
/** Who the test's ID tokens sign in. */
const idTokens = testIdTokens();

interface Sent {
  id: string;
  from: string;
  to: string[];
  subject: string;
  html: string;
}
const sent = async (): Promise<Sent[]> => ((await (await fetch(`${resend.url}/__recorded`)).json()) as { emails: Sent[] }).emails;

function post(body: unknown, bearer: string | null = SECRET, workspace = 'ada') {
  return fetch(`${api.url}/v2/workspaces/${workspace}/email?region=eu`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
}
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

const members = ['ada@example.com', 'grace@example.com', 'alan@example.com', 'edsger@example.com', 'barbara@example.com'];

/** The API instance's rate limits (reset before each test). */
const limits = resettableRateLimits();

beforeAll(async () => {
  resend = await startResend({ port: 0 });
  process.env.RESEND_API_KEY = 're_test_key_123';
  process.env.RESEND_BASE_URL = resend.url;
  process.env.PARLEY_APP_URL = 'https://app.parley.test';
  api = await serveApi(endpoints, { limits, idTokens: idTokens.verify });
  idTokens.use(async (token) =>
    token === 'grace.token.sig' ? { uid: 'grace-uid', email: 'grace@example.com', emailVerified: true } : token === 'eve.token.sig' ? { uid: 'eve-uid', email: 'eve@example.com', emailVerified: true } : null,
  );
});
afterAll(async () => {
  idTokens.use(null);
  await api?.close();
  await resend?.stop();
});
beforeEach(async () => {
  await limits.reset();
  await fetch(`${resend.url}/__recorded`, { method: 'DELETE' });
  await seedWorkspace('eu', 'ada', SECRET, { email: 'ada@example.com', workspaceName: 'Analytical Engines', workspaceEmails: members });
  await databaseFor('eu').doc(invitationsPath('ada')).delete();
});

describe('POST /v2/workspaces/{uid}/email', () => {
  it('answers 401 without the workspace secret or with a wrong one, 404 for an unknown workspace', async () => {
    expect((await post({ to: 'grace@example.com' }, null)).status).toBe(401);
    const wrong = await post({ to: 'grace@example.com' }, 'vg_wrongwrongwrongwrong1');
    expect(wrong.status).toBe(401);
    expect(await errorOf(wrong)).toBe('Invalid workspace secret.');
    const unknown = await post({ to: 'grace@example.com' }, 'vg_x', 'nobody');
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toBe('Workspace not found.');
  });

  it('answers 400 naming the bad field', async () => {
    const res = await post({ to: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(/to/);
  });

  it('sends our invitation to a member just added, whatever subject and HTML the request carries', async () => {
    const res = await post({ subject: 'Your account is locked', html: '<a href="https://evil.example/login">Verify now</a>', to: 'Grace@Example.com' });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const [mail, ...more] = await sent();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ id, to: ['grace@example.com'], subject: "You've been invited to Analytical Engines on Parley" });
    expect(mail!.html).toContain('<strong>Analytical Engines</strong>');
    expect(mail!.html).toContain('href="https://app.parley.test/login"');
    expect(mail!.html).not.toMatch(/evil\.example|locked|Verify now/);
  });

  it('is no relay: addresses that are not members just added get nothing', async () => {
    for (const to of ['victim@example.org', ['grace@example.com', 'victim@example.org'], 'ada@example.com']) {
      const res = await post({ subject: 'Cheap pills', html: '<p>Buy</p>', to });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(INVITE_EMAIL_MESSAGES.notPending(Array.isArray(to) ? 'victim@example.org' : to));
    }
    // A member may not mail itself either.
    const self = await post({ to: 'grace@example.com' }, 'grace.token.sig');
    expect(self.status).toBe(400);
    // A list of 50 recipients is refused outright.
    const many = await post({ to: Array.from({ length: 50 }, (_, i) => `user${i}@example.com`) });
    expect(many.status).toBe(400);
    expect(await sent()).toEqual([]);
  });

  it('invites an address once a day, one e-mail per recipient', async () => {
    const res = await post({ to: ['alan@example.com', 'edsger@example.com'] }, 'grace.token.sig');
    expect(res.status).toBe(200);
    const mails = await sent();
    expect(mails.map((m) => m.to)).toEqual([['alan@example.com'], ['edsger@example.com']]);
    expect(mails[0]!.html).toContain('grace@example.com invited you');
    const again = await post({ to: 'alan@example.com' });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(INVITE_EMAIL_MESSAGES.alreadyInvited('alan@example.com'));
    expect(await sent()).toHaveLength(2);
    // A day later the address may be invited again.
    const old = Date.now() - (INVITE_LIMITS.resendAfterHours + 1) * 3600 * 1000;
    await databaseFor('eu').doc(invitationsPath('ada')).set({ invitations: [{ email: 'alan@example.com', at: old }] });
    expect((await post({ to: 'alan@example.com' })).status).toBe(200);
  });

  it('keeps to a daily number of invitations per workspace', async () => {
    const now = Date.now();
    const earlier = Array.from({ length: INVITE_LIMITS.perDay }, (_, i) => ({ email: `former${i}@example.com`, at: now - 60_000 }));
    await databaseFor('eu').doc(invitationsPath('ada')).set({ invitations: earlier });
    const res = await post({ to: 'barbara@example.com' });
    expect(res.status).toBe(429);
    expect(await errorOf(res)).toBe(INVITE_EMAIL_MESSAGES.quota);
    expect(await sent()).toEqual([]);
  });

  it('escapes the workspace name and keeps the subject to one line', async () => {
    await databaseFor('eu').doc(paths.user('ada')).set({ workspaceName: '<img src=x onerror=alert(1)>\r\nBcc: all@example.com' }, { merge: true });
    expect((await post({ to: 'barbara@example.com' })).status).toBe(200);
    const [mail] = await sent();
    expect(mail!.subject).not.toMatch(/[\r\n]/);
    expect(mail!.html).not.toContain('<img');
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('answers 502 when the provider fails, and the address may be invited again', async () => {
    delete process.env.RESEND_API_KEY;
    try {
      const res = await post({ to: 'barbara@example.com' });
      expect(res.status).toBe(502);
      expect(await errorOf(res)).toBe('Failed to send email');
    } finally {
      process.env.RESEND_API_KEY = 're_test_key_123';
    }
    expect((await post({ to: 'barbara@example.com' })).status).toBe(200);
  });

  it('cuts bursts short, refused attempts included', async () => {
    for (let i = 0; i < RATE_RULES.workspaceInvite.limit; i++) expect((await post({ to: `spam${i}@example.org` })).status).toBe(400);
    const res = await post({ to: 'barbara@example.com' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await sent()).toEqual([]);
  });

  it('refuses signed-in strangers', async () => {
    const res = await post({ to: 'barbara@example.com' }, 'eve.token.sig');
    expect(res.status).toBe(403);
    expect(await sent()).toEqual([]);
  });
});
