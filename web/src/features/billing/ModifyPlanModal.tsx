// Modify Your Plan: add-on quantities are edited locally (steppers 0–10, whitelabel-new at most 1; disabled without an
// active subscription), Save shows a confirmation with a payment summary, Confirm sends removals first and
// additions second, then re-reads the add-ons. Changes take effect in the next billing cycle. A yearly plan's add-ons
// are priced (and billed) per year.
import { Alert, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { addonChanges, billingApi, BILLING_CYCLE_PERIODS, BILLING_MESSAGES, TOAST_MS, validateAddonSave, type AddonChange, type AddonKey, type BillingCycle } from '@parley/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { addAddons, fetchAddonStatus, removeAddons, type AddonStatus } from './addons-api';
import { AddonStepper } from './AddonStepper';
import type { BillingCatalogue, BillingTarget } from './billing-api';
import { formatMoney, paymentSummary } from './money';
import { PaymentSummaryView } from './PaymentSummaryView';
import { addonCyclePrice } from './SubscribeAddons';
import { TableHeader } from '../../ui/TableHeader';
import { FormError } from '../../ui/FormError';

const M = billingApi.BILLING_API_MESSAGES;

export const NEXT_CYCLE_NOTE = 'Changes take effect in the next billing cycle.';
export const NON_REFUNDABLE_NOTE = 'Add-ons are non-refundable and billed monthly.';
const NON_REFUNDABLE_YEARLY_NOTE = 'Add-ons are non-refundable and billed yearly.';

type Phase = 'edit' | 'confirm' | 'saving' | 'done';

export interface ModifyPlanModalProps {
  opened: boolean;
  onClose(): void;
  target: BillingTarget;
  catalogue: BillingCatalogue;
  /** The subscription's billing cycle (a yearly new-pricing plan bills its add-ons yearly). */
  billingCycle?: BillingCycle | null;
  /** The subscription's plan (a new-pricing plan prices its add-ons from its own table). */
  planId?: string | null;
  /** Re-reads the workspace's billing data after a change. */
  onChanged(): Promise<unknown>;
}

export const addonStatusKey = (t: BillingTarget) => ['billing', 'addons', t.region, t.workspace.uid] as const;

const quantities = (status: AddonStatus | undefined): Record<string, number> =>
  Object.fromEntries((status?.addons ?? []).map((a) => [a.addonKey, a.quantity]));

/** Removals (quantity to 0) go through remove-addon; every other change sets its quantity through add-addon. */
export function splitAddonChanges(current: Record<string, number>, edited: Record<string, number>): { remove: AddonChange[]; set: AddonChange[] } {
  const { removals, additions } = addonChanges(current, edited);
  const all = [...removals, ...additions];
  return { remove: all.filter((c) => c.to === 0), set: all.filter((c) => c.to > 0) };
}

export function ModifyPlanModal(props: ModifyPlanModalProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Modify Your Plan" size="lg">
      {props.opened ? <ModifyPlanForm {...props} /> : null}
    </Modal>
  );
}

function ModifyPlanForm({ target, catalogue, billingCycle, planId, onClose, onChanged }: ModifyPlanModalProps) {
  const cycle: BillingCycle = billingCycle ?? 'monthly';
  const addonPrice = (c: BillingCatalogue, key: string) => addonCyclePrice(c, key as AddonKey, cycle, planId);
  const client = useQueryClient();
  // Read afresh on every opening (gcTime 0): the subscription may have changed since (subscribe, cancel, webhooks).
  const status = useQuery({ queryKey: addonStatusKey(target), queryFn: () => fetchAddonStatus(target), gcTime: 0 });
  const [edits, setEdits] = useState<Record<string, number>>({});
  const [phase, setPhase] = useState<Phase>('edit');
  const [notice, setNotice] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string; details: string[] } | null>(null);

  const current = quantities(status.data);
  const edited = { ...current, ...edits };
  const active = status.data?.hasSubscription ?? false;
  const nameOf = (key: string) => catalogue.addons.find((a) => a.id === key)?.name ?? key;
  const money = (n: number) => formatMoney(n, catalogue.tax.currency);

  function toast(text: string, ok: boolean) {
    notifications.show({ message: text, color: ok ? 'green' : 'red', autoClose: TOAST_MS.notification });
  }

  function review() {
    if (!status.data) {
      setNotice(M.addonsPrepareFailed);
      return toast(M.addonsPrepareFailed, false);
    }
    const problem = validateAddonSave({ hasActiveSubscription: active, current, edited });
    setNotice(problem);
    if (problem) return toast(problem, false);
    setPhase('confirm');
  }

  async function save() {
    setPhase('saving');
    const { remove, set } = splitAddonChanges(current, edited);
    try {
      // Removals before additions, so a swap never exceeds the plan's limit.
      if (remove.length > 0) await removeAddons(target, remove.map((c) => c.addonKey as AddonKey));
      const answer = set.length > 0
        ? await addAddons(target, set.map((c) => ({
          addonId: c.addonKey as AddonKey,
          name: nameOf(c.addonKey),
          price: addonPrice(catalogue, c.addonKey),
          quantity: c.to,
          incrementalQuantity: c.to - c.from,
          currency: catalogue.tax.currency,
        })))
        : { errors: [] };
      const details = answer.errors.map((e) => `${nameOf(e.addonId)}: ${e.error}`);
      setResult(details.length > 0 ? { ok: false, text: M.addonsPartial, details } : { ok: true, text: M.addonsUpdated, details: [] });
      toast(details.length > 0 ? M.addonsPartial : M.addonsUpdated, details.length === 0);
    } catch (error) {
      const text = errorMessage(error, M.addonsUpdateFailed);
      setResult({ ok: false, text, details: [] });
      toast(text, false);
    }
    setEdits({});
    await Promise.all([client.invalidateQueries({ queryKey: addonStatusKey(target) }), onChanged()]);
    setPhase('done');
  }

  if (status.isPending) {
    return (
      <Group justify="center" p="lg" role="status" aria-label="Loading add-ons">
        <Loader />
      </Group>
    );
  }
  if (status.isError) return <Alert color="red">{M.addonsLoadFailed}</Alert>;

  if (phase === 'done' && result) {
    return (
      <Stack>
        <Alert color={result.ok ? 'green' : 'red'} role="status">
          <Text size="sm">{result.text}</Text>
          {result.details.map((d) => (
            <Text key={d} size="sm">
              {d}
            </Text>
          ))}
          {result.ok ? <Text size="sm">{NEXT_CYCLE_NOTE}</Text> : null}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }

  if (phase === 'confirm' || phase === 'saving') {
    const { remove, set } = splitAddonChanges(current, edited);
    const lines = Object.entries(edited)
      .filter(([, q]) => q > 0)
      .map(([key, q]) => ({ label: `${nameOf(key)} × ${q}`, amount: q * addonPrice(catalogue, key) }));
    return (
      <Stack>
        <Text fw={600}>Confirm add-on changes</Text>
        <Stack gap={2} component="ul" aria-label="Add-on changes" style={{ margin: 0, paddingLeft: 18 }}>
          {[...remove, ...set].map((c) => (
            <Text component="li" size="sm" key={c.addonKey}>
              {nameOf(c.addonKey)}: {c.from} → {c.to}
            </Text>
          ))}
        </Stack>
        <PaymentSummaryView summary={paymentSummary(lines, catalogue.tax)} period={BILLING_CYCLE_PERIODS[cycle]} />
        <Text size="sm">{NEXT_CYCLE_NOTE}</Text>
        <Text size="sm" c="dimmed">
          {cycle === 'yearly' ? NON_REFUNDABLE_YEARLY_NOTE : NON_REFUNDABLE_NOTE}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setPhase('edit')} disabled={phase === 'saving'}>
            Back
          </Button>
          <Button onClick={() => void save()} loading={phase === 'saving'}>
            Confirm changes
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack>
      {!active ? (
        <Alert color="yellow" role="status">
          {BILLING_MESSAGES.addonsNeedSubscription}
        </Alert>
      ) : null}
      <Table>
        <TableHeader columns={['Add-on', 'Price', 'Quantity']} />
        <Table.Tbody>
          {catalogue.addons.map((addon) => (
            <Table.Tr key={addon.id}>
              <Table.Td>{addon.name}</Table.Td>
              <Table.Td>
                {money(addonPrice(catalogue, addon.id))}
                {cycle === 'yearly' ? BILLING_CYCLE_PERIODS.yearly : addon.period}
              </Table.Td>
              <Table.Td>
                <AddonStepper
                  addonKey={addon.id}
                  label={addon.name}
                  value={edited[addon.id] ?? 0}
                  disabled={!active}
                  onChange={(q) => {
                    setNotice(null);
                    setEdits((e) => ({ ...e, [addon.id]: q }));
                  }}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        {NEXT_CYCLE_NOTE} {NON_REFUNDABLE_NOTE}
      </Text>
      <FormError message={notice} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={review}>Save changes</Button>
      </Group>
    </Stack>
  );
}
