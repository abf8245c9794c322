// The org's customer on its agency's connected account: the stored one, or one created once.
import { paths } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import type { OrgBilling } from './billing-state';
import { stripeClient } from './env';

export async function ensureOrgCustomer(org: OrgBilling, email?: string | null): Promise<string> {
  const stored = org.org.stripeCustomerId;
  if (typeof stored === 'string' && stored) return stored;
  const customer = await stripeClient().customers.create(
    { email: email ?? undefined, name: typeof org.org.name === 'string' ? org.org.name : undefined, metadata: { orgId: org.orgId, region: org.region } },
    { stripeAccount: org.agency.accountId!, idempotencyKey: `org-customer-${org.region}-${org.orgId}` },
  );
  await databaseFor(org.region).doc(paths.org(org.orgId)).set({ stripeCustomerId: customer.id }, { merge: true });
  org.org.stripeCustomerId = customer.id;
  return customer.id;
}
