// The voice channel page with the voice callables answered at the SDK: the agent's numbers, web calling switched on
// (saved with the rest of the voice settings unchanged), and the links to the Voice tab and to connect a number.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { voiceApi } from '@parley/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, answerCallables } from '../../test/callables';
import { renderWithProviders } from '../../test/render';
import VoiceChannelPage from './VoiceChannelPage';

let webCalling = false;
const saved: unknown[] = [];
beforeEach(() => {
  webCalling = false;
  saved.length = 0;
  answerCallables({
    getVoiceConfig: answer(voiceApi.getVoiceConfig, () => ({
      voiceConfig: { config: { enableWebCalling: webCalling, recordAudio: true }, speechGen: { provider: 'deepgram', voiceId: 'luna' } },
      settings: { maxMinutesMonthly: 30 },
      assistantId: 'asst-1',
      numbers: [{ ID: 'n1', ownerID: 'owner1', number: '+14155550101', source: 'bought', agentId: 'a1', providerNumberId: 'p', createdAt: 1 }],
    })),
    saveVoiceConfig: answer(voiceApi.saveVoiceConfig, (input) => {
      saved.push(input);
      webCalling = input.voiceConfig.config?.enableWebCalling ?? false;
      return { assistantId: 'asst-1' };
    }),
  });
});

describe('Voice channel page', () => {
  it('lists the agent’s numbers, turns web calling on and links to the Voice tab', async () => {
    renderWithProviders(<VoiceChannelPage />, { route: '/app/na/agents/a1/channels/voice', path: '/app/na/agents/:agentId/channels/voice' });
    expect(await screen.findByText('+14155550101')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the Voice tab' }).getAttribute('href')).toBe('/app/na/agents/a1/voice');
    expect(screen.getByRole('link', { name: 'Connect to Number' }).getAttribute('href')).toBe('/app/na/agents/a1/voice?tab=phoneNumbers');
    const toggle = screen.getByRole('switch', { name: /Web calling/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect((screen.getByRole('switch', { name: /Web calling/ }) as HTMLInputElement).checked).toBe(true));
    expect(saved).toEqual([
      expect.objectContaining({
        agentId: 'a1',
        settings: { maxMinutesMonthly: 30 },
        voiceConfig: expect.objectContaining({ config: expect.objectContaining({ enableWebCalling: true, recordAudio: true }), speechGen: { provider: 'deepgram', voiceId: 'luna' } }),
      }),
    ]);
  });
});
