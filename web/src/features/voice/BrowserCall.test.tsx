// The testCall tab's browser call: the widget's voice chunk loads only when the button is pressed, is handed the call
// the dashboard started (startWebCall), or the server's refusal as its sentence, and is taken away with the page.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { voiceApi, voiceConfigSchema } from '@parley/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, answerCallables, CallableRefusal } from '../../test/callables';
import { renderWithProviders } from '../../test/render';
import { BROWSER_CALL_WORDS, VoiceChunkContext, type VoiceChunk } from './BrowserCall';
import VoicePage from './VoicePage';

let loads = 0;
let unmounted = 0;
let refuse = false;
/** A voice chunk that shows the call it was handed (or why it could not start), as the widget's panel would. */
const chunk: VoiceChunk = {
  mountCall: (element, { started, words }) => {
    started.then(
      (call) => void (element.textContent = `Joined ${call.callId}`),
      (error: Error) => void (element.textContent = `${words.call}: ${error.message}`),
    );
    return () => {
      unmounted++;
    };
  },
};

beforeEach(() => {
  loads = 0;
  unmounted = 0;
  refuse = false;
  answerCallables({
    getVoiceConfig: answer(voiceApi.getVoiceConfig, () => ({ voiceConfig: voiceConfigSchema.parse({}), settings: {}, assistantId: null, numbers: [] })),
    startWebCall: answer(voiceApi.startWebCall, ({ agentId }) => {
      if (refuse) throw new CallableRefusal('functions/failed-precondition', voiceApi.VOICE_MESSAGES.notConfigured);
      return { callId: `web-${agentId}`, conversationId: 'conv1', webCallUrl: 'http://127.0.0.1:9414/__web/web-1' };
    }),
  });
});

const renderTestCall = (load: () => Promise<VoiceChunk> = async () => (loads++, chunk)) =>
  renderWithProviders(
    <VoiceChunkContext.Provider value={load}>
      <VoicePage />
    </VoiceChunkContext.Provider>,
    { route: '/app/na/agents/agent-v/voice?tab=testCall', path: '/app/na/agents/:agentId/voice' },
  );

describe('browser call', () => {
  it('loads the call panel only when pressed, with the call the dashboard started; leaving the page takes it away', async () => {
    const view = renderTestCall();
    const press = await screen.findByRole('button', { name: BROWSER_CALL_WORDS.call });
    expect(loads).toBe(0);
    fireEvent.click(press);
    expect(await screen.findByText('Joined web-agent-v')).toBeTruthy();
    expect(loads).toBe(1);
    expect(screen.queryByRole('button', { name: BROWSER_CALL_WORDS.call })).toBeNull();
    act(() => view.unmount());
    expect(unmounted).toBe(1);
  });

  it('hands the panel the server’s refusal as its sentence', async () => {
    refuse = true;
    renderTestCall();
    fireEvent.click(await screen.findByRole('button', { name: BROWSER_CALL_WORDS.call }));
    await waitFor(() => expect(screen.getByText(`${BROWSER_CALL_WORDS.call}: ${voiceApi.VOICE_MESSAGES.notConfigured}`)).toBeTruthy());
  });

  it('says so when the call panel cannot be loaded, and offers the button again', async () => {
    renderTestCall(() => Promise.reject(new Error('offline')));
    fireEvent.click(await screen.findByRole('button', { name: BROWSER_CALL_WORDS.call }));
    expect((await screen.findByRole('alert')).textContent).toBe(BROWSER_CALL_WORDS.callFailed);
    expect(screen.getByRole('button', { name: BROWSER_CALL_WORDS.call })).toBeTruthy();
  });
});
