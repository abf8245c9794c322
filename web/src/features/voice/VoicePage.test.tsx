// The Voice tab with the voice callables answered at the SDK as the functions would: the settings saved are the
// ones chosen on the sub-tabs, the tab is the URL's, and "Call me" refuses a number without its country code at
// the field without calling.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { voiceApi, voiceConfigSchema, VOICE_MESSAGES } from '@parley/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, answerCallables } from '../../test/callables';
import { renderWithProviders } from '../../test/render';
import VoicePage from './VoicePage';

let saved: unknown[] = [];
let called: string[] = [];
beforeEach(() => {
  saved = [];
  called = [];
  answerCallables({
    getVoiceConfig: answer(voiceApi.getVoiceConfig, () => ({
      voiceConfig: voiceConfigSchema.parse({}),
      settings: {},
      assistantId: null,
      numbers: [{ ID: 'n1', ownerID: 'ws', number: '+14155550123', source: 'bought', agentId: 'agent-v', country: 'US', providerNumberId: 'pn1', createdAt: 1 }],
    })),
    saveVoiceConfig: answer(voiceApi.saveVoiceConfig, (input) => {
      saved.push(input);
      return { assistantId: 'asst-1' };
    }),
    startTestCall: answer(voiceApi.startTestCall, ({ phoneNumber }) => {
      called.push(phoneNumber);
      return { callId: 'c1', conversationId: 'conv1' };
    }),
  });
});

const renderVoice = (tab: string) => renderWithProviders(<VoicePage />, { route: `/app/na/agents/agent-v/voice?tab=${tab}`, path: '/app/na/agents/:agentId/voice' });

describe('Voice tab', () => {
  it('saves the voice chosen in the library and the transcriber settings', async () => {
    renderVoice('voiceLibrary');
    fireEvent.click(await screen.findByRole('button', { name: 'Choose the voice Orion' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Transcriber' }));
    fireEvent.change(await screen.findByLabelText('Model'), { target: { value: 'nova-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Voice settings saved.');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ agentId: 'agent-v', voiceConfig: { speechGen: { voiceId: 'orion' }, transcriber: { modelId: 'nova-3', utteranceThreshold: 50 } } });
  });

  it('shows a refusal of the provider as its sentence', async () => {
    answerCallables({ saveVoiceConfig: answer(voiceApi.saveVoiceConfig, () => { throw new Error(VOICE_MESSAGES.providerRefused('voice not found')); }) });
    renderVoice('speechGen');
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The voice provider refused this: voice not found');
  });

  it("lists the agent's numbers on phoneNumbers", async () => {
    renderVoice('phoneNumbers');
    expect(await screen.findByText('+14155550123')).toBeTruthy();
  });

  it('refuses a number without its country code at the field, then calls a valid one', async () => {
    renderVoice('testCall');
    const field = await screen.findByLabelText('Your phone number');
    fireEvent.change(field, { target: { value: '4155550199' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call me' }));
    expect(await screen.findByText(VOICE_MESSAGES.countryCode)).toBeTruthy();
    expect(called).toEqual([]);
    fireEvent.change(field, { target: { value: '+14155550199' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call me' }));
    await waitFor(() => expect(called).toEqual(['+14155550199']));
  });
});
