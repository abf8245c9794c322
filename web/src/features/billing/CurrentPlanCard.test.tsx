// The Current Plan card's subscription states: active (Next Billing, Cancel Subscription), cancelling (the red
// end-date banner instead of Next Billing, Reactivate), free (neither); and the credits bar's colours.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeWorkspace, renderWithProviders, stubFetch } from '../../test/render';
import { billingData, freePlan } from './account-test-data';
import type { BillingCatalogue, UserBillingData } from './billing-api';
import { CurrentPlanCard } from './CurrentPlanCard';

afterEach(() => vi.unstubAllGlobals());

function show(data: UserBillingData) {
  const fetch = stubFetch(() => ({ status: 200, body: { success: true } }));
  vi.stubGlobal('fetch', fetch.fn);
  const onChanged = vi.fn(async () => undefined);
  renderWithProviders(<CurrentPlanCard data={data} catalogue={undefined} target={fakeWorkspace()} onChanged={onChanged} />);
  return { fetch, onChanged };
}

const end = Date.UTC(2027, 0, 5) / 1000;

describe('Current Plan card', () => {
  it('an active subscription shows Next Billing and Cancel Subscription', () => {
    show(billingData());
    expect(screen.getByText('Next Billing: Dec 24, 2026')).toBeTruthy();
    expect(screen.queryByText(/Your subscription will end on/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reactivate Subscription' })).toBeNull();
  });

  it('Cancel Subscription opens the reasons dialog', async () => {
    show(billingData());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByRole('dialog', { name: 'Cancel Subscription' })).toBeTruthy();
    expect(screen.getByText(/stays active until Dec 24, 2026/)).toBeTruthy();
  });

  it('a cancelling subscription shows the red banner instead of Next Billing, and Reactivate works', async () => {
    const { fetch, onChanged } = show(billingData({ cancels: true, cancelsAt: end, renewalDate: null }));
    const banner = screen.getByText('Your subscription will end on Jan 5, 2027');
    expect(banner.closest('[data-testid="subscription-ends"]')?.getAttribute('class') ?? '').toMatch(/Alert/);
    expect(screen.queryByText(/Next Billing/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reactivate Subscription' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(fetch.calls.some((c) => c.url.includes('/stripe/reactivate-subscription'))).toBe(true);
    expect(await screen.findByText('Subscription reactivated successfully')).toBeTruthy();
  });

  it('the free plan offers neither cancel nor reactivate', () => {
    show(billingData(freePlan));
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reactivate Subscription' })).toBeNull();
  });

  it('credits used over 80 % colour the bar red, over 50 % yellow', () => {
    show(billingData({ credits: { used: 4100, total: 5000 } }));
    expect(screen.getByText('4,100 / 5,000')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Credits used' }).getAttribute('style') ?? '').toMatch(/red/);
    expect(screen.getByText('Available credits: 900')).toBeTruthy();
  });
});

describe('Current Plan card on the new pricing', () => {
  const catalogue = { plans: [], pricingPlans: [{ key: 'pro', name: 'Pro', monthly: 59, yearly: 590, popular: true }] } as unknown as BillingCatalogue;

  it('names the plan and its billing cycle and lists what it allows', () => {
    const data = billingData({ name: 'pro', billingCycle: 'yearly', limits: { maxAgents: 10, workspaceSeats: 6, clientSeats: 10, maxConcurrentCalls: 20, twilioPhoneNumberSlots: 3 } });
    renderWithProviders(<CurrentPlanCard data={data} catalogue={catalogue} target={fakeWorkspace()} onChanged={async () => undefined} />);
    expect(screen.getByTestId('current-plan-name').textContent).toBe('Pro');
    expect(screen.getByTestId('current-plan-cycle').textContent).toBe('Billed yearly');
    const limits = within(screen.getByRole('list', { name: 'Plan limits' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(limits).toEqual(['Agents: 10', 'Workspace seats: 6', 'Client seats: 10', 'Concurrent calls: 20', 'Phone numbers: 3']);
  });

  it('an unlimited agent count reads Unlimited; catalogue plans show no cycle', () => {
    const { unmount } = renderWithProviders(
      <CurrentPlanCard data={billingData({ name: 'agency', billingCycle: 'monthly', limits: { maxAgents: 'infinity', workspaceSeats: 10 } })} catalogue={undefined} target={fakeWorkspace()} onChanged={async () => undefined} />,
    );
    expect(screen.getByText('Agents: Unlimited')).toBeTruthy();
    expect(screen.getByTestId('current-plan-cycle').textContent).toBe('Billed monthly');
    unmount();
    renderWithProviders(<CurrentPlanCard data={billingData()} catalogue={undefined} target={fakeWorkspace()} onChanged={async () => undefined} />);
    expect(screen.queryByTestId('current-plan-cycle')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Plan limits' })).toBeNull();
  });
});
