/**
 * Budget of a Stripe webhook processed by POST /stripe/webhook (signature verified on the raw body, the event and
 * its effect applied once in one Firestore transaction), on the API's node server, Google's Firestore emulator and
 * the Stripe stand-in:
 * - payment_intent.succeeded for a credit purchase (first delivery: credits added): ≤ 100 ms p50;
 * - the same event delivered again (a replay: recognised, nothing changes): ≤ 100 ms p50;
 * - invoice.paid for a subscription (re-read from Stripe, plan state written): ≤ 100 ms p50.
 * `npx tsx functions/bench/billing.bench.ts` prints the figures beside their budgets.
 */
import { performance } from 'node:perf_hooks';
import { figure, printFigures, runIfMain, type BenchFigure } from '../../local/bench/figure';

// firebase-admin must not probe the GCE metadata server from a bench.
process.env.METADATA_SERVER_DETECTION ??= 'none';

const SAMPLES = 51;
const BUDGET_MS = 100;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (n: number) => Math.round(n * 100) / 100;

export async function runBillingBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  const { startScratchEmulator } = await import('@parley/local/testing');
  const ownFirestore = process.env.FIRESTORE_EMULATOR_HOST ? null : await startScratchEmulator();
  const { startBillingStack, makeWorkspace, WEBHOOK_SECRET } = await import('../test/billing');
  const { signPayload } = await import('@parley/local/fakes/stripe');
  const { databaseFor } = await import('../src/adapters/firestore');
  const { stripeClient } = await import('../src/billing/env');
  // Webhooks are sent by the bench itself (signed with the endpoint's secret), one at a time.
  const stack = await startBillingStack({ deliverWebhooks: false });
  try {
    const ws = await makeWorkspace({ loadTokens: 0 });
    const send = async (event: object) => {
      const payload = JSON.stringify(event);
      const t0 = performance.now();
      const res = await fetch(`${stack.api.url}/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(payload, WEBHOOK_SECRET) }, body: payload });
      const body = (await res.json()) as { duplicate?: boolean };
      if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
      return { ms: performance.now() - t0, duplicate: body.duplicate === true };
    };
    const creditEvent = (i: number) => ({
      id: `evt_bench_${i}`, object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000),
      data: { object: { id: `pi_bench_${i}`, object: 'payment_intent', status: 'succeeded', amount: 100, currency: 'usd', customer: null, metadata: { parleyPurpose: 'credits', userId: ws.uid, region: 'na', credits: '1000' } } },
    });

    const stripe = stripeClient();
    const customer = await stripe.customers.create({ email: 'bench@parley.dev' });
    const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const product = await stripe.products.create({ name: 'Pay-As-You-Go' });
    const price = await stripe.prices.create({ product: product.id, unit_amount: 2000, currency: 'usd', recurring: { interval: 'month' } });
    const sub = await stripe.subscriptions.create({ customer: customer.id, default_payment_method: pm.id, items: [{ price: price.id }], metadata: { userId: ws.uid, region: 'na', planId: 'pay_as_you_go' } });
    const invoiceEvent = (i: number) => ({
      id: `evt_bench_inv_${i}`, object: 'event', type: 'invoice.paid', created: Math.floor(Date.now() / 1000),
      data: { object: { id: `in_bench_${i}`, object: 'invoice', subscription: sub.id, parent: { subscription_details: { subscription: sub.id } } } },
    });

    await send(creditEvent(-1));
    await send(invoiceEvent(-1));
    const first: number[] = [];
    const replay: number[] = [];
    const invoice: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const a = await send(creditEvent(i));
      if (a.duplicate) throw new Error('a first delivery was taken for a replay');
      first.push(a.ms);
      const b = await send(creditEvent(i));
      if (!b.duplicate) throw new Error('a replay was applied again');
      replay.push(b.ms);
      invoice.push((await send(invoiceEvent(i))).ms);
    }
    const credits = Number((await databaseFor('na').doc(`users/${ws.uid}`).get()).get('loadTokens'));
    if (credits !== (SAMPLES + 1) * 1000) throw new Error(`expected ${(SAMPLES + 1) * 1000} credits, found ${credits}`);
    const figures = [
      figure('webhook payment_intent.succeeded, credits added (p50)', round(median(first)), 'ms', BUDGET_MS, `verify + one transaction on the emulator, n=${SAMPLES}`),
      figure('webhook replayed, nothing changes (p50)', round(median(replay)), 'ms', BUDGET_MS, `n=${SAMPLES}`),
      figure('webhook invoice.paid, plan written (p50)', round(median(invoice)), 'ms', BUDGET_MS, `subscription re-read from the Stripe stand-in, n=${SAMPLES}`),
    ];
    printFigures(figures, log);
    return figures;
  } finally {
    await stack.stop();
    await ownFirestore?.stop();
  }
}

await runIfMain(import.meta.url, runBillingBench);

export default runBillingBench;
