// The Billing Dashboard modal of the client top bar (the org allows billing): Available Credits, Subscription Plans
// (when the agency offers plans), Purchase Credits, Auto-Recharge, Payment Method and Recent Invoices (when there
// are any). Everything runs on the agency's connected Stripe account through the org's billing calls.
import { Alert, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { billingApi, CREDITS_DECIMALS } from '@parley/core';
import { usePortal } from '../portal-context';
import { savedAutoRecharge } from './auto-recharge-form';
import { AutoRechargeSection } from './AutoRechargeSection';
import { useConnectStripe } from './connect-stripe';
import { InvoicesSection } from './InvoicesSection';
import { buyOrgCredits, cancelOrgSubscription, startPlanCheckout, updateOrgAutoRecharge, updateOrgPayment, type OrgBillingTarget } from './org-billing-api';
import { PaymentMethodSection } from './PaymentMethodSection';
import { PlansSection, type OrgSubscription } from './PlansSection';
import { PurchaseCreditsSection } from './PurchaseCreditsSection';
import { useOrgBilling } from './use-org-billing';
import { UsageSection } from '../../../ui/UsageSection';

/** ours: the org may bill, but its agency's Stripe account is not connected (yet). */
export const BILLING_UNAVAILABLE = 'Billing is not available for this organization yet.';

/** Where Checkout sends the browser back: this page, marked so the modal opens again. */
export function checkoutReturnUrls(location: Pick<Location, 'origin' | 'pathname'>) {
  const here = `${location.origin}${location.pathname}`;
  return { successUrl: `${here}?billing=success`, cancelUrl: `${here}?billing=cancel` };
}

export interface ClientBillingModalProps {
  opened: boolean;
  onClose(): void;
  /** Leaves for Stripe Checkout (a full page change in the app). */
  redirect?(url: string): void;
}

export function ClientBillingModal(props: ClientBillingModalProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Billing Dashboard" size="xl">
      {props.opened ? <BillingDashboard redirect={props.redirect ?? ((url) => window.location.assign(url))} /> : null}
    </Modal>
  );
}

function BillingDashboard({ redirect }: { redirect(url: string): void }) {
  const connectStripe = useConnectStripe();
  const portal = usePortal();
  const { org, region, user, client, isOrgAdmin, agents } = portal;
  const target: OrgBillingTarget = { user, region, orgId: org?.ID ?? '' };
  const customerId = org?.stripeCustomerId ?? null;
  const billing = useOrgBilling(target, { agencyUserId: org?.ownerID ?? '', customerId, enabled: !!org?.allowBilling });
  const accountId = billing.accountId;

  if (!org) return null;
  if (billing.account.isPending) {
    return (
      <Group justify="center" p="lg" role="status" aria-label="Loading billing">
        <Loader />
      </Group>
    );
  }
  if (!accountId) return <Alert color="yellow">{BILLING_UNAVAILABLE}</Alert>;

  const usdPerCredit = billing.account.data!.usdPerCredit;
  const hasCard = !!billing.card.data;
  const subscription = (org.subscription ?? null) as OrgSubscription | null;

  return (
    <Stack gap="md">
      <Card withBorder padding="md" component="section" aria-label="Available Credits">
        <Title order={3} size="h5">
          Available Credits
        </Title>
        <Text size="xl" fw={700} data-testid="org-available-credits">
          {org.loadTokens.toLocaleString('en-US', { minimumFractionDigits: CREDITS_DECIMALS, maximumFractionDigits: CREDITS_DECIMALS })}
        </Text>
      </Card>
      {billing.account.data!.allowPlans ? (
        <PlansSection
          plans={billing.plans.data ?? []}
          subscription={subscription}
          redirect={redirect}
          subscribe={(priceId) =>
            startPlanCheckout(target, {
              priceId,
              accountId,
              ...(customerId ? { customerId } : {}),
              ...(client?.email ? { customerEmail: client.email } : {}),
              ...checkoutReturnUrls(window.location),
            })
          }
          cancel={async (subscriptionId) => {
            await cancelOrgSubscription(target, { subscriptionId, accountId });
          }}
        />
      ) : null}
      <PurchaseCreditsSection
        usdPerCredit={usdPerCredit}
        hasPaymentMethod={hasCard}
        buy={async (credits, requestId) => {
          const answer = await buyOrgCredits(target, { credits, requestId, ...(client ? { clientId: client.ID } : {}) });
          void billing.refresh();
          return answer;
        }}
        authenticate={async (clientSecret) => {
          const stripe = await connectStripe(accountId);
          if (!stripe) return null;
          // The server confirms with automatic confirmation: Stripe.js finishes the challenge (handleNextAction).
          const result = await stripe.handleNextAction({ clientSecret });
          return result.error ? (result.error.message ?? billingApi.BILLING_API_MESSAGES.paymentConfirmationFailed) : null;
        }}
      />
      <AutoRechargeSection
        key={`${org.ID}-${accountId}`}
        initial={savedAutoRecharge(org)}
        send={async (values) => {
          const answer = await updateOrgAutoRecharge(target, { ...values, accountId, ...(customerId ? { customerId } : {}) });
          return answer.message;
        }}
      />
      <PaymentMethodSection
        accountId={accountId}
        paymentMethod={billing.card.data ?? null}
        save={async (paymentMethodId) => {
          await updateOrgPayment(target, { paymentMethodId, accountId, ...(client ? { userId: client.ID } : {}), ...(org.ownerID ? { agencyId: org.ownerID } : {}) });
          await billing.refresh();
        }}
      />
      <InvoicesSection invoices={billing.invoices.data ?? []} />
      {/* The org's daily credits are its admins' to read (and the agency's): other users of the org see none. */}
      {isOrgAdmin ? <UsageSection payer={{ kind: 'org', orgId: org.ID }} agentNames={new Map(agents.map((a) => [a.ID, a.title || a.ID] as const))} /> : null}
    </Stack>
  );
}
