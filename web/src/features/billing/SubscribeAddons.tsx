// Add-ons picked in the subscribe dialog: steppers 0–10 for the normal ones, whitelabel-new as a checkbox (at most 1).
// A yearly plan bills its add-ons yearly; a new-pricing plan (starter/pro/agency) charges them from its own add-on
// table (core's subscriptionAddonPrice, the price the server charges).
import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { BILLING_CYCLE_PERIODS, subscriptionAddonPrice, WHITELABEL_ADDON_KEY, type AddonKey, type BillingCycle } from '@parley/core';
import { AddonStepper } from './AddonStepper';
import type { BillingCatalogue, DiscountAnswer } from './billing-api';
import { formatMoney, fromUsd, listedPrice, paymentSummary, type PaymentSummary } from './money';

export type AddonPicks = Partial<Record<AddonKey, number>>;

/** The picks as create-subscription takes them (only the ones above 0). */
export const addonsToShow = (picks: AddonPicks) =>
  Object.entries(picks)
    .filter(([, q]) => (q ?? 0) > 0)
    .map(([addonKey, quantity]) => ({ addonKey: addonKey as AddonKey, quantity: quantity ?? 0 }));

/** An add-on's price per billing cycle on a plan in the catalogue's currency: core's, the price the server charges. */
export const addonCyclePrice = (catalogue: BillingCatalogue, key: AddonKey, cycle: BillingCycle, planId?: string | null): number =>
  subscriptionAddonPrice(planId, key, cycle, catalogue.tax.currency);

/** A plan's price per billing cycle: a new-pricing plan's from its USD table, a catalogue plan's listed monthly price. */
export function planCyclePrice(catalogue: BillingCatalogue, planId: string, cycle: BillingCycle): { label: string; amount: number } | null {
  const pricing = catalogue.pricingPlans.find((p) => p.key === planId);
  if (pricing) return { label: pricing.name ?? planId, amount: fromUsd(cycle === 'yearly' ? pricing.yearly : pricing.monthly, catalogue.tax) };
  const plan = catalogue.plans.find((p) => p.id === planId);
  return plan ? { label: plan.label, amount: listedPrice(plan, catalogue.tax).amount } : null;
}

/** The subscribe dialog's summary: the plan and picked add-ons in the catalogue's currency for the cycle, discount and tax. */
export function subscribeSummary(catalogue: BillingCatalogue, planId: string, picks: AddonPicks, discount?: DiscountAnswer | null, cycle: BillingCycle = 'monthly'): PaymentSummary {
  const plan = planCyclePrice(catalogue, planId, cycle);
  const lines = [
    { label: plan?.label ?? planId, amount: plan?.amount ?? 0 },
    ...addonsToShow(picks).map((a) => ({
      label: `${catalogue.addons.find((x) => x.id === a.addonKey)?.name ?? a.addonKey} × ${a.quantity}`,
      amount: a.quantity * addonCyclePrice(catalogue, a.addonKey, cycle, planId),
    })),
  ];
  return paymentSummary(lines, catalogue.tax, discount);
}

export function SubscribeAddons(props: { catalogue: BillingCatalogue; value: AddonPicks; onChange(next: AddonPicks): void; disabled?: boolean; cycle?: BillingCycle; planId?: string }) {
  const cycle = props.cycle ?? 'monthly';
  const price = (key: AddonKey) => `${formatMoney(addonCyclePrice(props.catalogue, key, cycle, props.planId), props.catalogue.tax.currency)}${BILLING_CYCLE_PERIODS[cycle]}`;
  const set = (key: AddonKey, q: number) => props.onChange({ ...props.value, [key]: q });
  return (
    <Stack gap={6} component="fieldset" aria-label="Add-ons" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text size="sm" fw={600}>
        Add-ons
      </Text>
      {props.catalogue.addons.map((addon) =>
        addon.id === WHITELABEL_ADDON_KEY ? (
          <Checkbox
            key={addon.id}
            label={`${addon.name} (${price(addon.id)})`}
            checked={(props.value[addon.id] ?? 0) > 0}
            disabled={props.disabled}
            onChange={(e) => set(addon.id, e.currentTarget.checked ? 1 : 0)}
          />
        ) : (
          <Group key={addon.id} justify="space-between" wrap="nowrap">
            <Text size="sm">
              {addon.name} ({price(addon.id)})
            </Text>
            <AddonStepper addonKey={addon.id} label={addon.name} value={props.value[addon.id] ?? 0} disabled={props.disabled} onChange={(q) => set(addon.id, q)} />
          </Group>
        ),
      )}
    </Stack>
  );
}
