import { Resend } from 'resend';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { start, type ResendFake } from './index';

let fake: ResendFake;
let client: Resend;

beforeAll(async () => {
  fake = await start({ port: 0 });
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
    expect((await client.domains.get(created.data!.id)).data?.status).toBe('verified');
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
