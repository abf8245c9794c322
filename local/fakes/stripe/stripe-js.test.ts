/// <reference lib="dom" />
// @vitest-environment happy-dom
// The Stripe.js stand-in (GET /v3) in a DOM: a card element with labelled inputs, a 3-D Secure challenge dialog the
// user completes, a declined card's error, and a publishable key that can do nothing else.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type FakeStripe } from './index';

let fake: FakeStripe;
let server: Stripe;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the stand-in is plain JS on window
let stripeJs: any;

beforeAll(async () => {
  fake = await start({ port: 0, webhookUrl: null, connectWebhookUrl: null });
  const base = new URL(fake.url);
  server = new Stripe('sk_test_fake', { host: base.hostname, port: Number(base.port), protocol: 'http', maxNetworkRetries: 0 });
  const source = await (await fetch(`${fake.url}/v3`)).text();
  new Function(source)();
  stripeJs = (window as unknown as { Stripe: (key: string) => unknown }).Stripe('pk_test_local');
});
afterAll(async () => {
  await fake?.stop();
});

function cardElement(number: string) {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const card = stripeJs.elements().create('card');
  const changes: Array<{ complete: boolean }> = [];
  card.on('change', (e: { complete: boolean }) => changes.push(e));
  card.mount(host);
  const fill = (label: string, value: string) => {
    const input = host.querySelector(`input[aria-label="${label}"]`) as HTMLInputElement;
    input.value = value;
    input.dispatchEvent(new Event('input'));
  };
  fill('Card number', number);
  fill('Expiration date', '12 / 34');
  fill('CVC', '123');
  fill('ZIP', '10115');
  return { card, changes };
}

describe('Stripe.js stand-in', () => {
  it('renders a card element with labelled inputs and reports it complete', () => {
    const { changes } = cardElement('4242 4242 4242 4242');
    expect(changes.at(-1)?.complete).toBe(true);
    expect(document.querySelector('input[aria-label="Card number"]')).not.toBeNull();
  });

  it('3-D Secure card: confirmCardPayment opens the challenge; completing it makes the payment succeed', async () => {
    const pi = await server.paymentIntents.create({ amount: 2000, currency: 'usd' });
    const { card } = cardElement('4000 0027 6000 3184');
    const result = stripeJs.confirmCardPayment(pi.client_secret, { payment_method: { card } });
    let dialog: Element | null = null;
    for (let i = 0; i < 100 && !dialog; i++) {
      await new Promise((r) => setTimeout(r, 20));
      dialog = document.querySelector('[role="dialog"][aria-label="3D Secure 2 Test Page"]');
    }
    expect(dialog).not.toBeNull();
    const complete = Array.from(dialog!.querySelectorAll('button') as ArrayLike<HTMLButtonElement>).find((b) => b.textContent === 'Complete authentication')!;
    complete.click();
    const { paymentIntent, error } = await result;
    expect(error).toBeUndefined();
    expect(paymentIntent.status).toBe('succeeded');
    expect((await server.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
  });

  it('a declined card answers Stripe\'s error', async () => {
    const pi = await server.paymentIntents.create({ amount: 2000, currency: 'usd' });
    const { card } = cardElement('4000 0000 0000 0002');
    const { error } = await stripeJs.confirmCardPayment(pi.client_secret, { payment_method: { card } });
    expect(error).toMatchObject({ type: 'card_error', code: 'card_declined', message: 'Your card was declined.' });
  });

  it('createPaymentMethod makes a pm_ the server can attach; a publishable key cannot list customers or confirm without the secret', async () => {
    const { card } = cardElement('4242 4242 4242 4242');
    const { paymentMethod } = await stripeJs.createPaymentMethod({ type: 'card', card });
    expect(paymentMethod.id).toMatch(/^pm_/);
    const customer = await server.customers.create({});
    expect((await server.paymentMethods.attach(paymentMethod.id, { customer: customer.id })).card?.last4).toBe('4242');
    const list = await fetch(`${fake.url}/v1/customers`, { headers: { authorization: 'Bearer pk_test_local' } });
    expect(list.status).toBe(401);
    const pi = await server.paymentIntents.create({ amount: 500, currency: 'usd' });
    const noSecret = await fetch(`${fake.url}/v1/payment_intents/${pi.id}/confirm`, { method: 'POST', headers: { authorization: 'Bearer pk_test_local', 'content-type': 'application/x-www-form-urlencoded' }, body: `payment_method=${paymentMethod.id}` });
    expect(noSecret.status).toBe(401);
  });
});
