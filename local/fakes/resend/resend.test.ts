import { Resend } from 'resend';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { start, type ResendFake } from './index';

let fake: ResendFake;
let client: Resend;
// The fake's clock: a test moves it past the verification delay instead of sleeping.
let clock = Date.now();

beforeAll(async () => {
  fake = await start({ port: 0, verifyDelayMs: 100, now: () => clock });
  // The real client, pointed at the fake the same way the functions are (baseUrl = RESEND_BASE_URL).
  client = new Resend('re_test_123', { baseUrl: fake.url });
});
afterAll(() => fake.stop());
beforeEach(() => fetch(`${fake.url}/__recorded`, { method: 'DELETE' }));

describe('Resend stand-in with the real resend client', () => {
  it('accepts an email, answers its id and records it', async () => {
    const { data, error } = await client.emails.send({
      from: 'Parley <no-reply@parley.dev>',
      to: 'owner@example.com',
      subject: 'Your sign-in code',
      html: '<p>Your code is <strong>123456</strong></p>',
    });
    expect(error).toBeNull();
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);
    const recorded = (await (await fetch(`${fake.url}/__recorded`)).json()) as { emails: { id: string; to: string[]; subject: string }[] };
    expect(recorded.emails).toMatchObject([{ id: data!.id, to: ['owner@example.com'], subject: 'Your sign-in code' }]);
    const { data: fetched } = await client.emails.get(data!.id);
    expect(fetched?.subject).toBe('Your sign-in code');
  });

  it('uses RESEND_BASE_URL when no baseUrl option is given', async () => {
    const previous = process.env.RESEND_BASE_URL;
    process.env.RESEND_BASE_URL = fake.url;
    try {
      const { data, error } = await new Resend('re_env').emails.send({ from: 'a@parley.dev', to: ['b@example.com'], subject: 'Env', text: 'hi' });
      expect(error).toBeNull();
      expect(fake.emails().map((e) => e.id)).toEqual([data!.id]);
    } finally {
      if (previous === undefined) delete process.env.RESEND_BASE_URL;
      else process.env.RESEND_BASE_URL = previous;
    }
  });

  it("answers Resend's 422 shape for a missing field and a malformed address", async () => {
    const missing = await client.emails.send({ from: 'a@parley.dev', to: 'b@example.com', html: '<p>x</p>' } as never);
    expect(missing.error).toMatchObject({ statusCode: 422, name: 'missing_required_field', message: 'Missing `subject` field.' });
    const malformed = await client.emails.send({ from: 'a@parley.dev', to: 'not-an-address', subject: 'x', text: 'x' });
    expect(malformed.error).toMatchObject({ statusCode: 422, name: 'validation_error' });
    expect(malformed.error?.message).toContain('`to`');
    expect(fake.emails()).toEqual([]);
  });

  it('refuses requests without a valid API key', async () => {
    const res = await fetch(`${fake.url}/emails`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ name: 'missing_api_key' });
    const bad = await new Resend('sk_wrong', { baseUrl: fake.url }).emails.send({ from: 'a@parley.dev', to: 'b@example.com', subject: 's', text: 't' });
    expect(bad.error).toMatchObject({ statusCode: 403, name: 'invalid_api_key' });
  });

  it('sends a batch and walks a domain from not_started to verified', async () => {
    const batch = await client.batch.send([
      { from: 'a@parley.dev', to: 'one@example.com', subject: 'One', text: '1' },
      { from: 'a@parley.dev', to: 'two@example.com', subject: 'Two', text: '2' },
    ]);
    expect(batch.data?.data).toHaveLength(2);
    const created = await client.domains.create({ name: 'mail.agency.com' });
    expect(created.data).toMatchObject({ name: 'mail.agency.com', status: 'not_started' });
    expect(created.data?.records.length).toBeGreaterThan(0);
    await client.domains.verify(created.data!.id);
    expect((await client.domains.get(created.data!.id)).data?.status).toBe('pending');
    clock += 150;
    const verified = (await client.domains.get(created.data!.id)).data;
    expect(verified?.status).toBe('verified');
    expect(verified?.records.every((r) => r.status === 'verified')).toBe(true);
  });

  it('stays not_started until verify is called, refuses a domain added twice, and can end in failure', async () => {
    const created = await client.domains.create({ name: 'agency.com' });
    clock += 150;
    expect((await client.domains.get(created.data!.id)).data?.status).toBe('not_started');
    const again = await client.domains.create({ name: 'Agency.com' });
    expect(again.error).toMatchObject({ statusCode: 403, name: 'validation_error' });
    const failing = await client.domains.create({ name: 'fail-agency.com' });
    await client.domains.verify(failing.data!.id);
    clock += 150;
    expect((await client.domains.get(failing.data!.id)).data?.status).toBe('failure');
    const recorded = (await (await fetch(`${fake.url}/__recorded`)).json()) as { domains: { name: string; status: string }[] };
    expect(recorded.domains.map((d) => [d.name, d.status])).toEqual([['agency.com', 'not_started'], ['fail-agency.com', 'failure']]);
    expect((await client.domains.remove(created.data!.id)).error).toBeNull();
    expect((await client.domains.get(created.data!.id)).error).toMatchObject({ statusCode: 404 });
  });

  it('lists received emails newest first on the mailbox page, with their rendered HTML', async () => {
    await client.emails.send({ from: 'a@parley.dev', to: 'first@example.com', subject: 'First <one>', html: '<h1>Hello</h1>' });
    await client.emails.send({ from: 'a@parley.dev', to: 'second@example.com', subject: 'Second', html: '<p>Bye</p>' });
    const page = await (await fetch(`${fake.url}/`)).text();
    expect(page.indexOf('Second')).toBeLessThan(page.indexOf('First &lt;one&gt;'));
    expect(page).toContain('second@example.com');
    expect(page).toContain('srcdoc="&lt;h1&gt;Hello&lt;/h1&gt;"');
    expect(page).toMatch(/<time datetime="\d{4}-/);
  });
});

describe('the Auth emulator’s e-mails in the mailbox', () => {
  it('lists its verification links (newest first) on the page and in /__recorded; never a non-http link', async () => {
    const { createServer } = await import('node:http');
    const codes = [
      { email: 'first@example.com', requestType: 'VERIFY_EMAIL', oobCode: 'c1', oobLink: 'http://127.0.0.1:9099/emulator/action?mode=verifyEmail&oobCode=c1&apiKey=k' },
      { email: 'second@example.com', requestType: 'VERIFY_EMAIL', oobCode: 'c2', oobLink: 'http://127.0.0.1:9099/emulator/action?mode=verifyEmail&oobCode=c2&apiKey=k' },
      { email: 'evil@example.com', requestType: 'VERIFY_EMAIL', oobCode: 'c3', oobLink: 'javascript:alert(1)' },
    ];
    const emulator = createServer((req, res) => {
      if (req.url === '/emulator/v1/projects/demo-mailbox/oobCodes') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ oobCodes: codes }));
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => emulator.listen(0, '127.0.0.1', r));
    const { port } = emulator.address() as import('node:net').AddressInfo;
    const withAuth = await start({ port: 0, authEmulator: { url: `http://127.0.0.1:${port}`, projectId: 'demo-mailbox' } });
    try {
      const page = await (await fetch(`${withAuth.url}/`)).text();
      expect(page).toContain('Verify your e-mail for Parley');
      expect(page.indexOf('second@example.com')).toBeLessThan(page.indexOf('first@example.com'));
      expect(page).toContain('href="http://127.0.0.1:9099/emulator/action?mode=verifyEmail&amp;oobCode=c2&amp;apiKey=k"');
      expect(page).not.toContain('javascript:');
      const recorded = (await (await fetch(`${withAuth.url}/__recorded`)).json()) as { authEmails: { to: string; link: string }[] };
      expect(recorded.authEmails.map((e) => e.to)).toEqual(['second@example.com', 'first@example.com']);
    } finally {
      await withAuth.stop();
      await new Promise((r) => emulator.close(r));
    }
  });

  it('still renders when the Auth emulator is not running', async () => {
    const lonely = await start({ port: 0, authEmulator: { url: 'http://127.0.0.1:9', projectId: 'demo-mailbox' } });
    try {
      expect(await (await fetch(`${lonely.url}/`)).text()).toContain('No emails yet.');
    } finally {
      await lonely.stop();
    }
  });
});
