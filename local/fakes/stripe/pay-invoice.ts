// An invoice being paid (its PaymentIntent succeeded, or nothing was due): the invoice events, and its subscription
// becomes active.
import type { RequestInfo, Fake } from './routes';
import type { Obj } from './store';

export function payInvoice({ store, emit }: Fake, invoice: Obj, account: string | null, req: RequestInfo): void {
  if (invoice.status === 'paid') return;
  Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0 });
  for (const p of invoice.payments.data as Obj[]) p.status = 'paid';
  emit('invoice.paid', invoice, account, undefined, req);
  emit('invoice.payment_succeeded', invoice, account, undefined, req);
  if (invoice.subscription) {
    const sub = store.get('subscription', invoice.subscription as string, account);
    if (sub.status !== 'active') {
      const previous = { status: sub.status };
      sub.status = 'active';
      emit('customer.subscription.updated', sub, account, previous, req);
    }
  }
}
