// Saving a card says why it cannot start, in the words shown under the form: Stripe.js is not there ("Stripe not
// initialized"), or the card field is not on the form ("Card or address form is missing"); nothing is saved then.
import { fireEvent, screen } from '@testing-library/react';
import { Elements } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { useCardForm } from './use-card-form';

// What react-stripe-js checks before it accepts an object as a Stripe.js instance; its form has no card field.
const stripeJs = {
  elements: () => ({ create: vi.fn(), getElement: () => null, update: vi.fn(), on: vi.fn() }),
  createToken: vi.fn(), createPaymentMethod: vi.fn(), confirmCardPayment: vi.fn(), registerAppInfo: vi.fn(), _registerWrapper: vi.fn(),
} as unknown as Stripe;

function CardSave({ work }: { work: () => Promise<string | null> }) {
  const { failure, save } = useCardForm();
  return (
    <>
      <button onClick={() => void save(work)}>Save card</button>
      {failure ? <p role="alert">{failure}</p> : null}
    </>
  );
}

describe('saving a card', () => {
  it.each([
    ['Stripe.js is not there', null, 'Stripe not initialized'],
    ['the card field is not on the form', stripeJs, 'Card or address form is missing'],
  ])('says so when %s, and saves nothing', async (_when, stripe, sentence) => {
    const work = vi.fn(async () => null);
    renderWithProviders(<Elements stripe={stripe}><CardSave work={work} /></Elements>);
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect((await screen.findByRole('alert')).textContent).toBe(sentence);
    expect(work).not.toHaveBeenCalled();
  });
});
