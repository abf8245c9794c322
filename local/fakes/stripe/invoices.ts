// Invoices: a subscription's invoice, paid at once when nothing is due, else by its own PaymentIntent (which carries
// the subscription's metadata and the connected account's application fee).
import { payInvoice } from './pay-invoice';
import { createIntent } from './payment-intents';
import { page, route, type Fake, type RequestInfo, type Route } from './routes';
import { newId, now, type Obj } from './store';

export function makeInvoice(fake: Fake, sub: Obj | null, customer: string, amount: number, currency: string, account: string | null, req: RequestInfo, extra: Obj = {}): Obj {
  const { store, emit } = fake;
  const base = fake.baseUrl();
  const invoice = store.put({
    id: newId('invoice'), object: 'invoice', customer, subscription: sub?.id ?? null, parent: sub ? { type: 'subscription_details', subscription_details: { subscription: sub.id } } : null,
    amount_due: amount, amount_paid: 0, amount_remaining: amount, total: amount, subtotal: amount, tax: 0, currency, status: 'open', created: now(),
    number: `FAKE-${String(store.all('invoice', account).length + 1).padStart(4, '0')}`, hosted_invoice_url: null, invoice_pdf: null, livemode: false,
    lines: { object: 'list', data: sub ? (sub.items.data as Obj[]).map((i) => ({ id: `il_${i.id}`, amount: Number(i.price.unit_amount) * Number(i.quantity), quantity: i.quantity, price: i.price })) : [], has_more: false },
    payment_intent: null, confirmation_secret: null, payments: { object: 'list', data: [], has_more: false },
    // A connected account's subscription with a fee percentage: Stripe takes that share of each invoice.
    application_fee_amount: typeof sub?.application_fee_percent === 'number' ? Math.round((amount * sub.application_fee_percent) / 100) : null, ...extra,
  }, account);
  invoice.hosted_invoice_url = `${base}/invoices/${invoice.id}`;
  invoice.invoice_pdf = `${base}/invoices/${invoice.id}.pdf`;
  emit('invoice.created', invoice, account, undefined, req);
  if (amount === 0) {
    payInvoice(fake, invoice, account, req);
    return invoice;
  }
  const pi = createIntent(fake, { amount: String(amount), currency, customer }, account, req, { invoice: invoice.id, metadata: { ...(sub?.metadata ?? {}) }, application_fee_amount: invoice.application_fee_amount });
  Object.assign(invoice, {
    payment_intent: pi.id,
    confirmation_secret: { type: 'payment_intent', client_secret: pi.client_secret },
    payments: { object: 'list', data: [{ id: `inpay_${pi.id}`, object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: pi.id }, status: 'open' }], has_more: false },
  });
  return invoice;
}

/** The hosted invoice page (GET /invoices/{id}): its number, amount and status. */
export function invoicePage(invoice: Obj): string {
  return `<!doctype html><title>Invoice ${invoice.number}</title><h1>Invoice ${invoice.number}</h1><p>${(Number(invoice.amount_due) / 100).toFixed(2)} ${String(invoice.currency).toUpperCase()} — ${invoice.status}</p>`;
}

export function invoiceRoutes({ store: { get, all } }: Fake): Route[] {
  return [
    route('GET', '/v1/invoices', (_m, q, a) => page(all('invoice', a).filter((i) => (!q.customer || i.customer === q.customer) && (!q.subscription || i.subscription === q.subscription)), q, '/v1/invoices')),
    route('GET', '/v1/invoices/([^/]+)', (m, _p, a) => get('invoice', m[1], a)),
  ];
}
