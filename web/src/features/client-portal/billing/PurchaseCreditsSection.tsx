// Purchase Credits (pre-paid): 1,000–50,000 credits in steps of 500 with the quick picks, priced at the agency's
// final per-credit price from the server, charged to the org's card on the agency's account. Credits arrive on
// the org once Stripe says paid (the top bar follows the org live); a 3-D Secure card goes through its challenge.
import { Button, Group, Text,  } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { billingApi, BILLING_MESSAGES, CREDIT_PURCHASE, creditPurchasePrice, TOAST_MS, validateCreditPurchase } from '@parley/core';
import { useState } from 'react';
import { CreditAmountPicker } from '../../../ui/CreditAmountPicker';
import { useBusyAction } from '../../../lib/use-busy-action';
import type { PrePaidAnswer } from './org-billing-api';
import { SectionCard } from '../../../ui/SectionCard';

const M = billingApi.BILLING_API_MESSAGES;

export interface PurchaseCreditsSectionProps {
  usdPerCredit: number;
  hasPaymentMethod: boolean;
  /** Buys the chosen credit count; the server charges credits × the final credit price. */
  buy(credits: number, requestId: string): Promise<PrePaidAnswer>;
  /** Stripe.js's 3-D Secure step on the agency's account; answers the failure text, or null once done. */
  authenticate(clientSecret: string): Promise<string | null>;
}

export function PurchaseCreditsSection(props: PurchaseCreditsSectionProps) {
  const [credits, setCredits] = useState<number>(CREDIT_PURCHASE.quickPicks[0]);
  const action = useBusyAction<'buy'>();
  // One purchase per amount chosen: a retried request is the same charge.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  // core's price, the one the server charges for these credits.
  const price = creditPurchasePrice(credits, props.usdPerCredit);

  function choose(value: number) {
    setCredits(value);
    setRequestId(crypto.randomUUID());
  }

  async function buy() {
    const invalid = validateCreditPurchase(credits, props.hasPaymentMethod);
    if (invalid) return notifications.show({ color: 'red', message: invalid, autoClose: TOAST_MS.long });
    const done = await action.run(
      'buy',
      async () => {
        const answer = await props.buy(credits, requestId);
        const failure = answer.requiresAction && answer.clientSecret ? await props.authenticate(answer.clientSecret) : null;
        if (failure) throw new Error(failure);
      },
      M.creditsFailed,
    );
    if (done) {
      notifications.show({ color: 'green', message: M.creditsPurchased, autoClose: TOAST_MS.long });
      setRequestId(crypto.randomUUID());
    }
  }

  return (
    <SectionCard title="Purchase Credits" compact>
      <CreditAmountPicker value={credits} onChange={choose} />
      <Text size="sm" data-testid="org-credits-price">
        {credits.toLocaleString('en-US')} credits for ${price.toFixed(2)}
      </Text>
      {!props.hasPaymentMethod ? (
        <Text size="sm" c="dimmed">
          {BILLING_MESSAGES.paymentMethodRequired}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={() => void buy()} loading={action.busy === 'buy'} disabled={!props.hasPaymentMethod}>
          Purchase credits
        </Button>
      </Group>
    </SectionCard>
  );
}
