// Topping up the balance: at least 5 in the workspace's currency (Confirm disabled below), tax shown before paying,
// refused on the free plan, and the success text once the charge went through.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeWorkspace, renderWithProviders, stubFetch } from '../../test/render';
import { billingData, freePlan } from './account-test-data';
import type { UserBillingData } from './billing-api';
import { TopUpModal } from './TopUpModal';
import { UsdBalance } from './UsdBalance';

afterEach(() => vi.unstubAllGlobals());

const germany: UserBillingData['tax'] = { country: 'DE', currency: 'EUR', symbol: '€', exchangeRate: 0.88, taxPercent: 27, description: 'EU Tax (DE 27%)' };

function open(data: UserBillingData, answer = { status: 200, body: { status: 'succeeded', requiresAction: false, clientSecret: null, paymentIntentId: 'pi_1' } }) {
  const fetch = stubFetch(() => answer);
  vi.stubGlobal('fetch', fetch.fn);
  const onToppedUp = vi.fn(async () => undefined);
  renderWithProviders(<TopUpModal opened onClose={() => undefined} target={fakeWorkspace()} data={data} onToppedUp={onToppedUp} />);
  return { fetch, onToppedUp };
}

const amountField = () => screen.getByRole('textbox', { name: /^Amount/ });
const confirm = () => screen.getByRole('button', { name: 'Confirm' });

describe('USD top-up', () => {
  it('Confirm is disabled below 5 and enabled at 5', async () => {
    open(billingData());
    await screen.findByRole('dialog', { name: 'Add to credit balance' });
    fireEvent.change(amountField(), { target: { value: '4.99' } });
    await waitFor(() => expect(confirm()).toHaveProperty('disabled', true));
    fireEvent.change(amountField(), { target: { value: '5' } });
    await waitFor(() => expect(confirm()).toHaveProperty('disabled', false));
    fireEvent.change(amountField(), { target: { value: '' } });
    await waitFor(() => expect(confirm()).toHaveProperty('disabled', true));
  });

  it('in Germany the amount is in euros and the EU tax is shown before paying', async () => {
    open(billingData({}, { currency: 'EUR', tax: germany }));
    await screen.findByRole('dialog', { name: 'Add to credit balance' });
    expect(screen.getByRole('textbox', { name: 'Amount (EUR)' })).toBeTruthy();
    fireEvent.change(amountField(), { target: { value: '€10' } });
    const summary = await screen.findByTestId('top-up-summary');
    expect(within(summary).getByText('Amount: €10.00')).toBeTruthy();
    expect(within(summary).getByText('EU Tax (DE 27%): €2.70')).toBeTruthy();
    expect(within(summary).getByText('Total: €12.70')).toBeTruthy();
  });

  it('charges the amount in the workspace currency and says so', async () => {
    const { fetch, onToppedUp } = open(billingData());
    await screen.findByRole('dialog', { name: 'Add to credit balance' });
    fireEvent.change(amountField(), { target: { value: '$10' } });
    await waitFor(() => expect(confirm()).toHaveProperty('disabled', false));
    fireEvent.click(confirm());
    await waitFor(() => expect(onToppedUp).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.calls[0]!.init.body))).toMatchObject({ userId: 'owner1', amount: 10, currency: 'USD' });
    expect(await screen.findByText('Successfully topped up balance')).toBeTruthy();
  });

  it('a failed charge shows the failure and keeps the dialog', async () => {
    const { onToppedUp } = open(billingData(), { status: 402, body: {} } as never);
    const dialog = await screen.findByRole('dialog', { name: 'Add to credit balance' });
    fireEvent.click(confirm());
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to top up balance');
    expect(onToppedUp).not.toHaveBeenCalled();
  });

  it('without a saved card the owner is asked to add one first', async () => {
    open(billingData({}, { paymentMethod: null }));
    await screen.findByRole('dialog', { name: 'Add to credit balance' });
    expect(screen.getByText('Please add a payment method to continue')).toBeTruthy();
    expect(confirm()).toHaveProperty('disabled', true);
  });

  it('the free plan cannot top up: the button is disabled and says why', () => {
    vi.stubGlobal('fetch', stubFetch(() => ({ status: 500, body: {} })).fn);
    renderWithProviders(<UsdBalance target={fakeWorkspace()} data={billingData({ ...freePlan, usdBalance: 3.5 })} onChanged={async () => undefined} />);
    expect(screen.getByText('USD balance: $3.50')).toBeTruthy();
    expect(screen.getByText('You are on the free plan. You cannot top up.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Top up balance' })).toHaveProperty('disabled', true);
  });
});
