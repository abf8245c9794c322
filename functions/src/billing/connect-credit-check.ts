// Whether a Connect payment may put credits in an org's wallet: it was made on the org's own agency's connected
// account, and the platform's application fee on it covers the credits' base price plus its share of the markup
// (core's connectCreditSplit). A payment the agency made on its own account (its own metadata, no fee, or a price
// edited below base) grants nothing: every credit that reaches a wallet was paid to the platform at base price.
import { connectCreditSplit, CURRENCIES, paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { connectOf } from './billing-state';

export interface ConnectCreditPayment {
  orgId: string;
  stripeAccount: string | null | undefined;
  credits: number;
  /** What the buyer paid, in the currency's smallest unit. */
  charged: number;
  /** Stripe's currency code (lower case). */
  currency: string;
  /** The application fee the platform took, in the smallest unit. */
  applicationFee: number | null | undefined;
}

export async function paysPlatformForCredits(db: Firestore, p: ConnectCreditPayment): Promise<boolean> {
  const currency = CURRENCIES.find((c) => c.toLowerCase() === p.currency.toLowerCase());
  const split = currency ? connectCreditSplit(p.credits, p.charged, currency) : null;
  if (!split || !p.stripeAccount || (p.applicationFee ?? 0) < split.applicationFee) return false;
  const ownerID = String((await db.doc(paths.org(p.orgId)).get()).get('ownerID') ?? '');
  if (!ownerID) return false;
  const agency = connectOf(ownerID, 'na', (await db.doc(paths.user(ownerID)).get()).data());
  return agency.accountId === p.stripeAccount;
}
