// Purchase Credits: 1,000–50,000 in steps of 500 (quick picks 1K/2.5K/5K/10K) at the server's per-credit price, on
// the saved card; 3-D Secure through Stripe.js when the charge asks for it. The credits arrive from the confirmed
// payment (the call itself or Stripe's webhook), so the page re-reads the balance afterwards.
import { NumberInput, Text } from '@mantine/core';
import { billingApi, BILLING_MESSAGES, CREDIT_PURCHASE } from '@parley/core';

import { useState } from 'react';
import { CreditAmountPicker, clampCredits } from '../../ui/CreditAmountPicker';
import { errorMessage } from '../../lib/api';
import { purchaseCredits, type BillingCatalogue, type BillingTarget, type UserBillingData } from './billing-api';
import { CardAction, useOutcome } from './CardAction';
import { finishCharge } from './stripe-loader';
import { SectionCard } from '../../ui/SectionCard';

const M = billingApi.BILLING_API_MESSAGES;


export function CreditsCard(props: { target: BillingTarget; data: UserBillingData; catalogue: BillingCatalogue; onPurchased(): Promise<unknown> }) {
  const [credits, setCredits] = useState<number>(CREDIT_PURCHASE.min);
  const [busy, setBusy] = useState(false);
  const { outcome, report, clear } = useOutcome();
  // One id per chosen purchase: a retry of the same click is the same charge.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const hasCard = !!props.data.paymentMethod;
  const price = credits * props.catalogue.usdPerCredit;

  function choose(value: number) {
    setCredits(value);
    setRequestId(crypto.randomUUID());
    clear();
  }

  async function buy() {
    if (!hasCard) return report(BILLING_MESSAGES.paymentMethodRequired, false);
    setBusy(true);
    try {
      const amount = clampCredits(credits);
      setCredits(amount);
      await finishCharge(await purchaseCredits(props.target, amount, requestId), M.creditsFailed);
      await props.onPurchased();
      report(M.creditsPurchased, true);
      setRequestId(crypto.randomUUID());
    } catch (error) {
      report(errorMessage(error, M.creditsFailed), false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SectionCard title="Purchase Credits">
      <CreditAmountPicker value={credits} onChange={choose} />
      <NumberInput
        label="Credits"
        min={CREDIT_PURCHASE.min}
        max={CREDIT_PURCHASE.max}
        step={CREDIT_PURCHASE.step}
        value={credits}
        onChange={(v) => setCredits(typeof v === 'number' ? v : Number(v) || CREDIT_PURCHASE.min)}
        onBlur={() => choose(credits)}
        thousandSeparator=","
      />
      <Text size="sm" data-testid="credits-price">
        {credits.toLocaleString('en-US')} credits for ${price.toFixed(2)}
      </Text>
      {!hasCard ? <Text size="sm" c="dimmed">{BILLING_MESSAGES.paymentMethodRequired}</Text> : null}
      <CardAction outcome={outcome} label="Purchase credits" onClick={() => void buy()} busy={busy} disabled={!hasCard} />
    </SectionCard>
  );
}
