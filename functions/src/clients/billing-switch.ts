// An org's allowBilling: its clients pay on the agency's connected Stripe account, so billing turns on only once
// that account is connected (Stripe confirmed it: isConnected and payouts_enabled). Turning it off is always allowed.
import { paths, paymentConnectSchema } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError } from '../http/endpoint';
import { CLIENTS_MESSAGES } from './api';

export async function requireConnectedForBilling(db: Firestore, agencyUid: string, allowBilling: boolean | undefined): Promise<void> {
  if (allowBilling !== true) return;
  const stored = (await db.doc(paths.user(agencyUid)).get()).get('stripeConnect') as unknown;
  const connect = paymentConnectSchema.safeParse(stored ?? {});
  const ready = connect.success && !!connect.data.accountId && connect.data.isConnected && connect.data.payouts_enabled;
  if (!ready) throw new HttpError(412, CLIENTS_MESSAGES.billingNeedsConnect);
}
