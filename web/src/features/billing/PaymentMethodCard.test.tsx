// Payment Method: the saved card as the owner recognises it, or an invitation to add one.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeWorkspace, renderWithProviders } from '../../test/render';
import { billingData } from './account-test-data';
import { PaymentMethodCard } from './PaymentMethodCard';

describe('payment method card', () => {
  it('shows the saved card’s brand, last four digits and expiry, with Update payment method', () => {
    renderWithProviders(<PaymentMethodCard target={fakeWorkspace()} data={billingData()} onUpdated={async () => undefined} />);
    expect(screen.getByTestId('saved-card').textContent).toBe('visa •••• 4242, expires 04/2034');
    expect(screen.getByRole('button', { name: 'Update payment method' })).toBeTruthy();
  });

  it('without a card it offers to add one', () => {
    renderWithProviders(<PaymentMethodCard target={fakeWorkspace()} data={billingData({}, { paymentMethod: null })} onUpdated={async () => undefined} />);
    expect(screen.getByText('No payment method saved.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add payment method' })).toBeTruthy();
  });
});
