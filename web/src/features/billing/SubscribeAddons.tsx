// Add-ons picked in the subscribe dialog: steppers 0–10 for the normal ones, whitelabel-new as a checkbox (at most 1).
import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { WHITELABEL_ADDON_KEY, type AddonKey } from '@parley/core';
import { AddonStepper } from './AddonStepper';
import type { BillingCatalogue, DiscountAnswer } from './billing-api';
import { addonPrice, formatMoney, listedPrice, paymentSummary, type PaymentSummary } from './money';

export type AddonPicks = Partial<Record<AddonKey, number>>;

/** The picks as create-subscription takes them (only the ones above 0). */
export const addonsToShow = (picks: AddonPicks) =>
  Object.entries(picks)
    .filter(([, q]) => (q ?? 0) > 0)
    .map(([addonKey, quantity]) => ({ addonKey: addonKey as AddonKey, quantity: quantity ?? 0 }));

/** The subscribe dialog's summary: the plan and picked add-ons in the workspace's currency, discount and tax. */
export function subscribeSummary(catalogue: BillingCatalogue, planId: string, picks: AddonPicks, discount?: DiscountAnswer | null): PaymentSummary {
  const plan = catalogue.plans.find((p) => p.id === planId);
  const lines = [
    { label: plan?.label ?? planId, amount: plan ? listedPrice(plan, catalogue.tax).amount : 0 },
    ...addonsToShow(picks).map((a) => ({
      label: `${catalogue.addons.find((x) => x.id === a.addonKey)?.name ?? a.addonKey} × ${a.quantity}`,
      amount: a.quantity * addonPrice(catalogue, a.addonKey),
    })),
  ];
  return paymentSummary(lines, catalogue.tax, discount);
}

export function SubscribeAddons(props: { catalogue: BillingCatalogue; value: AddonPicks; onChange(next: AddonPicks): void; disabled?: boolean }) {
  const price = (key: AddonKey) => `${formatMoney(addonPrice(props.catalogue, key), props.catalogue.tax.currency)}/month`;
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
