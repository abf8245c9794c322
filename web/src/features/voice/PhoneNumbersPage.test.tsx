// The Phone numbers page with the voice callables answered at the SDK: a number found is bought and joins the list
// with its slot counted; a purchase past the slots shows the server's sentence.
import { fireEvent, screen } from '@testing-library/react';
import { voiceApi } from '@parley/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, answerCallables } from '../../test/callables';
import { renderWithProviders } from '../../test/render';
import PhoneNumbersPage from './PhoneNumbersPage';

const FULL = 'You have used all 2 phone number slots. Add the Twilio phone number add-on in Billing to get more.';
let owned: string[] = [];
const record = (number: string) => ({ ID: number.slice(1), ownerID: 'ws', number, source: 'bought' as const, agentId: null, country: 'US', providerNumberId: 'p', createdAt: 1 });
beforeEach(() => {
  owned = [];
  answerCallables({
    listPhoneNumbers: answer(voiceApi.listPhoneNumbers, () => ({ numbers: owned.map(record), slots: { used: owned.length, limit: 1 } })),
    searchPhoneNumbers: answer(voiceApi.searchPhoneNumbers, () => ({ numbers: ['+14155550101', '+14155550102'].map((number) => ({ number, friendlyName: number, locality: 'San Francisco', region: 'CA', country: 'US' })) })),
    buyPhoneNumber: answer(voiceApi.buyPhoneNumber, ({ number }) => {
      if (owned.length >= 1) throw new Error(FULL);
      owned.push(number);
      return { phoneNumber: record(number) };
    }),
  });
});

describe('Phone numbers page', () => {
  it('buys a number found, then refuses one past the slots with the sentence', async () => {
    renderWithProviders(<PhoneNumbersPage />, { route: '/app/na/twilio-numbers', path: '/app/na/twilio-numbers' });
    expect(await screen.findByText('0 of 1 phone number slots used.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Area code'), { target: { value: '415' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Buy +14155550101' }));
    expect(await screen.findByText('1 of 1 phone number slots used.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Buy +14155550102' }));
    expect((await screen.findByRole('alert')).textContent).toContain(FULL);
  });
});
