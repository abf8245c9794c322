// A payment form whose Stripe.js cannot load says so and offers Try again; once Stripe.js loads, the form shows.
import { fireEvent, screen } from '@testing-library/react';
import type { Stripe } from '@stripe/stripe-js';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { STRIPE_LOAD_FAILED, StripeElements } from './StripeElements';

// What react-stripe-js checks before it accepts an object as a Stripe.js instance.
const stripeJs = {
  elements: () => ({ create: vi.fn(), getElement: () => null, update: vi.fn(), on: vi.fn() }),
  createToken: vi.fn(), createPaymentMethod: vi.fn(), confirmCardPayment: vi.fn(), registerAppInfo: vi.fn(), _registerWrapper: vi.fn(),
} as unknown as Stripe;

describe('StripeElements', () => {
  it('shows why the form is missing when Stripe.js fails to load, and loads it again on Try again', async () => {
    const load = vi.fn<() => Promise<Stripe | null>>()
      .mockRejectedValueOnce(new Error('Stripe.js could not be loaded'))
      .mockResolvedValueOnce(stripeJs);
    renderWithProviders(<StripeElements load={load}><p>Card number field</p></StripeElements>);
    expect((await screen.findByRole('alert')).textContent).toContain(STRIPE_LOAD_FAILED);
    expect(screen.queryByText('Card number field')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Card number field');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says the same when no Stripe.js is configured (no publishable key)', async () => {
    renderWithProviders(<StripeElements load={() => Promise.resolve(null)}><p>Card number field</p></StripeElements>);
    expect((await screen.findByRole('alert')).textContent).toContain(STRIPE_LOAD_FAILED);
  });
});
