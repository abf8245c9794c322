// The Phone numbers page with the voice callables answered at the SDK and the workspace's agents in the Firestore
// emulator: a number found is bought and joins the list with its slot counted; a purchase past the slots shows the
// server's sentence; an own Twilio number is imported after its fields are checked; an agent is assigned; release
// asks first.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { doc, setDoc } from 'firebase/firestore';
import { VOICE_MESSAGES, voiceApi, type PhoneNumberRecord } from '@parley/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { CallableRefusal, answer, answerCallables } from '../../test/callables';
import { connectTestFirestore } from '../../test/emulator';
import { fakeWorkspace, renderWithProviders } from '../../test/render';
import PhoneNumbersPage from './PhoneNumbersPage';

const fs = connectTestFirestore();
const FULL = 'You have used all 2 phone number slots. Add the Twilio phone number add-on in Billing to get more.';
const SID = `AC${'a'.repeat(32)}`;
let owner = '';
let count = 0;
let owned: PhoneNumberRecord[] = [];
let imported: unknown[] = [];
const record = (number: string, source: 'bought' | 'imported' = 'bought'): PhoneNumberRecord => ({ ID: number.slice(1), ownerID: owner, number, source, agentId: null, country: 'US', providerNumberId: 'p', twilioSid: '', providerAccount: 'platform', createdAt: 1 });

beforeEach(async () => {
  owner = `phones${++count}`;
  owned = [];
  imported = [];
  await setDoc(doc(fs.server, `voiceglow/${owner}-a1`), { ID: `${owner}-a1`, title: 'Front desk', lastModified: 1, ownerID: owner });
  answerCallables({
    listPhoneNumbers: answer(voiceApi.listPhoneNumbers, () => ({ numbers: owned, slots: { used: owned.length, limit: 1 } })),
    searchPhoneNumbers: answer(voiceApi.searchPhoneNumbers, () => ({ numbers: ['+14155550101', '+14155550102'].map((number) => ({ number, friendlyName: number, locality: 'San Francisco', region: 'CA', country: 'US' })) })),
    buyPhoneNumber: answer(voiceApi.buyPhoneNumber, ({ number }) => {
      if (owned.length >= 1) throw new CallableRefusal('functions/resource-exhausted', FULL);
      owned.push(record(number));
      return { phoneNumber: record(number) };
    }),
    importTwilioNumber: answer(voiceApi.importTwilioNumber, (input) => {
      imported.push(input);
      owned.push(record(input.number, 'imported'));
      return { phoneNumber: record(input.number, 'imported') };
    }),
    assignPhoneNumber: answer(voiceApi.assignPhoneNumber, ({ phoneNumberId, agentId }) => {
      owned = owned.map((n) => (n.ID === phoneNumberId ? { ...n, agentId } : n));
      return { phoneNumber: owned.find((n) => n.ID === phoneNumberId)! };
    }),
    releasePhoneNumber: answer(voiceApi.releasePhoneNumber, ({ phoneNumberId }) => {
      owned = owned.filter((n) => n.ID !== phoneNumberId);
      return { released: true };
    }),
  });
});

const render = () => renderWithProviders(<PhoneNumbersPage />, { route: '/app/na/twilio-numbers', path: '/app/na/twilio-numbers', workspace: fakeWorkspace({}, { uid: owner }) });

describe('Phone numbers page', () => {
  it('buys a number found, then refuses one past the slots with the sentence', async () => {
    render();
    expect(await screen.findByText('0 of 1 phone number slots used.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Area code'), { target: { value: '415' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Buy +14155550101' }));
    expect(await screen.findByText('1 of 1 phone number slots used.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Buy +14155550102' }));
    expect((await screen.findByRole('alert')).textContent).toContain(FULL);
  });

  it('imports an own Twilio number only once each field is right', async () => {
    render();
    await screen.findByText('0 of 1 phone number slots used.');
    const form = screen.getByRole('form', { name: 'Import your own Twilio number' });
    fireEvent.change(within(form).getByLabelText('Phone number'), { target: { value: '4155550199' } });
    fireEvent.change(within(form).getByLabelText('Twilio account SID'), { target: { value: 'AC123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Import number' }));
    expect(await within(form).findByText(VOICE_MESSAGES.countryCode)).toBeTruthy();
    expect(within(form).getByText(VOICE_MESSAGES.accountSid)).toBeTruthy();
    expect(within(form).getByText(VOICE_MESSAGES.authToken)).toBeTruthy();
    expect(imported).toEqual([]);
    fireEvent.change(within(form).getByLabelText('Phone number'), { target: { value: '+14155550199' } });
    fireEvent.change(within(form).getByLabelText('Twilio account SID'), { target: { value: SID } });
    fireEvent.change(within(form).getByLabelText('Twilio auth token'), { target: { value: 'token-of-my-account' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Import number' }));
    expect(await screen.findByText('1 of 1 phone number slots used.')).toBeTruthy();
    expect(imported).toEqual([expect.objectContaining({ number: '+14155550199', accountSid: SID, authToken: 'token-of-my-account' })]);
    expect(within(screen.getByRole('table', { name: 'Your phone numbers' })).getByText('Imported')).toBeTruthy();
  });

  it('assigns an agent to a number and releases it after confirming', async () => {
    owned = [record('+14155550101')];
    render();
    const picker = await screen.findByRole('combobox', { name: 'Agent answering +14155550101' });
    fireEvent.click(picker);
    // The workspace's agents arrive live from Firestore.
    fireEvent.click(await screen.findByRole('option', { name: 'Front desk' }, { timeout: 5000 }));
    await waitFor(() => expect(owned[0]?.agentId).toBe(`${owner}-a1`));
    fireEvent.click(screen.getByRole('button', { name: 'Release +14155550101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release +14155550101?' });
    expect(owned).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release number' }));
    expect(await screen.findByText('No phone numbers yet. Buy one below or import your own Twilio number.')).toBeTruthy();
    expect(owned).toEqual([]);
  });
});
