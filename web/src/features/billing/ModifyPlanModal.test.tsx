// Modify Your Plan as the owner uses it: steppers capped at 0…10 (whitelabel-new at 1) and locked without an active
// subscription, "No changes to save", the confirmation's payment summary in the workspace currency with its tax, and
// removals sent before additions, then the add-ons re-read.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeWorkspace, renderWithProviders, stubFetch } from '../../test/render';
import type { BillingCatalogue } from './billing-api';
import { ModifyPlanModal } from './ModifyPlanModal';

afterEach(() => vi.unstubAllGlobals());

const EU = { country: 'DE', currency: 'EUR', symbol: '€', exchangeRate: 0.88, taxPercent: 27, description: 'EU Tax (DE 27%)' } as const;
const addon = (id: string, name: string, usd: number) => ({
  id, name, description: '', period: '/month', price: usd,
  prices: [{ currency: 'USD', amount: usd }, { currency: 'EUR', amount: Math.round(usd * 88) / 100 }],
});
const catalogue = {
  plans: [],
  addons: [addon('whitelabel-new', 'Whitelabel', 50), addon('workspace-seat', 'Workspace Seat', 10), addon('client_seat', 'Client Seat', 5)],
  pricingPlans: [],
  usdPerCredit: 0.001,
  tax: EU,
  ranges: { creditPurchase: { min: 1000, max: 50000, step: 500 }, topUpMin: 5 },
} as unknown as BillingCatalogue;

function status(hasSubscription: boolean, q: Record<string, number> = {}) {
  return { hasSubscription, addons: ['whitelabel-new', 'workspace-seat', 'client_seat'].map((k) => ({ addonKey: k, hasAddon: (q[k] ?? 0) > 0, quantity: q[k] ?? 0 })) };
}

function open(answers: { status: () => unknown; add?: unknown }, billingCycle?: 'monthly' | 'yearly') {
  const stub = stubFetch((url) => {
    if (url.includes('/stripe/check-addon-status')) return { status: 200, body: answers.status() };
    if (url.includes('/stripe/remove-addon-from-subscription')) return { status: 200, body: { success: true } };
    if (url.includes('/stripe/add-addon-to-subscription')) return { status: 200, body: answers.add ?? { errors: [] } };
    return { status: 404, body: { error: 'unexpected' } };
  });
  vi.stubGlobal('fetch', stub.fn);
  const onChanged = vi.fn(async () => undefined);
  renderWithProviders(<ModifyPlanModal opened onClose={() => undefined} target={fakeWorkspace()} catalogue={catalogue} billingCycle={billingCycle} onChanged={onChanged} />);
  return { calls: stub.calls, onChanged };
}

const quantity = (name: string) => screen.getByLabelText(`${name} quantity`).textContent;
const inDialog = () => within(screen.getByRole('dialog', { name: 'Modify Your Plan' }));
const path = (url: string) => new URL(url, 'http://x').pathname;

describe('Modify Your Plan', () => {
  it('without an active subscription the steppers are disabled and saving says why', async () => {
    open({ status: () => status(false) });
    await screen.findByText('You need an active subscription to add addons');
    expect(screen.getByRole('button', { name: 'Increase Workspace Seat' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Increase Whitelabel' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(inDialog().getByRole('alert').textContent).toBe('You need an active subscription to add addons');
  });

  it('saving without a change says "No changes to save"', async () => {
    const { calls } = open({ status: () => status(true, { 'workspace-seat': 2 }) });
    await screen.findByRole('button', { name: 'Increase Workspace Seat' });
    expect(quantity('Workspace Seat')).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Increase Workspace Seat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decrease Workspace Seat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(inDialog().getByRole('alert').textContent).toBe('No changes to save');
    expect(calls.filter((c) => !c.url.includes('check-addon-status'))).toHaveLength(0);
  });

  it('caps whitelabel at 1, other add-ons at 10, and never goes below 0', async () => {
    open({ status: () => status(true) });
    const more = await screen.findByRole('button', { name: 'Increase Whitelabel' });
    expect(screen.getByRole('button', { name: 'Decrease Whitelabel' })).toHaveProperty('disabled', true);
    fireEvent.click(more);
    expect(quantity('Whitelabel')).toBe('1');
    expect(more).toHaveProperty('disabled', true);
    const seat = screen.getByRole('button', { name: 'Increase Client Seat' });
    for (let i = 0; i < 12; i++) fireEvent.click(seat);
    expect(quantity('Client Seat')).toBe('10');
    expect(seat).toHaveProperty('disabled', true);
  });

  it('confirms with a payment summary in euros with EU tax, sends removals before additions, then re-reads', async () => {
    let reads = 0;
    const { calls, onChanged } = open({ status: () => (reads++ === 0 ? status(true, { 'client_seat': 1 }) : status(true, { 'workspace-seat': 1 })) });
    fireEvent.click(await screen.findByRole('button', { name: 'Increase Workspace Seat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decrease Client Seat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    const changes = await screen.findByRole('list', { name: 'Add-on changes' });
    expect(changes.textContent).toContain('Workspace Seat: 0 → 1');
    expect(changes.textContent).toContain('Client Seat: 1 → 0');
    const summary = screen.getByRole('region', { name: 'Payment summary' });
    expect(summary.textContent).toContain('Workspace Seat × 1€8.80');
    expect(summary.textContent).toContain('EU Tax (DE 27%)€2.38');
    expect(summary.textContent).toContain('Total€11.18/month');
    expect(screen.getByText('Changes take effect in the next billing cycle.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm changes' }));
    expect(await screen.findByText('Addons updated successfully', { selector: 'p' })).toBeTruthy();
    const writes = calls.filter((c) => !c.url.includes('check-addon-status'));
    expect(writes.map((c) => path(c.url))).toEqual(['/stripe/remove-addon-from-subscription', '/stripe/add-addon-to-subscription']);
    expect(JSON.parse(String(writes[0]!.init.body))).toMatchObject({ addonKeys: ['client_seat'] });
    expect(JSON.parse(String(writes[1]!.init.body)).addons).toEqual([
      { addonId: 'workspace-seat', name: 'Workspace Seat', price: 8.8, quantity: 1, incrementalQuantity: 1, currency: 'EUR' },
    ]);
    await waitFor(() => expect(calls.filter((c) => c.url.includes('check-addon-status')).length).toBe(2));
    expect(onChanged).toHaveBeenCalled();
  });

  it('reports add-ons the server could not process', async () => {
    open({ status: () => status(true), add: { errors: [{ addonId: 'workspace-seat', error: 'Card declined' }] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Increase Workspace Seat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm changes' }));
    expect(await screen.findByText('Some addons could not be processed', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Workspace Seat: Card declined')).toBeTruthy();
  });

  it('reads the add-ons afresh when opened again (a subscription started meanwhile unlocks the steppers)', async () => {
    let subscribed = false;
    vi.stubGlobal('fetch', stubFetch(() => ({ status: 200, body: status(subscribed, subscribed ? { client_seat: 1 } : {}) })).fn);
    function Harness() {
      const [opened, setOpened] = useState(true);
      return (
        <>
          <button onClick={() => setOpened(true)}>Reopen</button>
          <ModifyPlanModal opened={opened} onClose={() => setOpened(false)} target={fakeWorkspace()} catalogue={catalogue} onChanged={async () => undefined} />
        </>
      );
    }
    renderWithProviders(<Harness />);
    await waitFor(() => inDialog().getByText('You need an active subscription to add addons'));
    fireEvent.click(inDialog().getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Modify Your Plan' })).toBeNull());
    subscribed = true;
    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(screen.getByLabelText('Client Seat quantity').textContent).toBe('1'));
    expect(screen.getByRole('button', { name: 'Increase Workspace Seat' })).toHaveProperty('disabled', false);
    expect(inDialog().queryByText('You need an active subscription to add addons')).toBeNull();
  });
});

describe('Modify Your Plan on a yearly plan', () => {
  it('prices the add-ons per year (ten months) and says they are billed yearly', async () => {
    open({ status: () => status(true) }, 'yearly');
    expect(await screen.findByText('€88/year')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Increase Workspace Seat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const summary = await screen.findByRole('region', { name: 'Payment summary' });
    // €88 + 27 % = €111.76 a year
    expect(summary.textContent).toContain('Workspace Seat × 1€88');
    expect(summary.textContent).toContain('Total€111.76/year');
    expect(screen.getByText('Add-ons are non-refundable and billed yearly.')).toBeTruthy();
  });
});
