// The voice library: core's catalogue narrowed by provider, language and gender; a sample plays from its URL; the
// voice chosen is the provider and id handed to the page.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { VoiceLibrary } from './VoiceLibrary';

afterEach(() => vi.unstubAllGlobals());

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Voice library', () => {
  it('filters by provider, language and gender, plays a sample and chooses a voice', async () => {
    const played: string[] = [];
    vi.stubGlobal('Audio', class { constructor(readonly src: string) {} play() { played.push(this.src); return Promise.resolve(); } pause() {} });
    const chosen: string[] = [];
    renderWithProviders(<VoiceLibrary chosen={{ provider: 'deepgram', voiceId: 'asteria' }} onChoose={(p, id) => chosen.push(`${p}/${id}`)} />);
    const voices = () => within(screen.getByRole('list', { name: 'Voices' })).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'));
    expect(voices()).toContain('Conrad');
    expect(screen.getByRole('button', { name: 'Choose the voice Asteria' }).getAttribute('aria-pressed')).toBe('true');
    await choose('Provider', 'deepgram');
    await choose('Language', 'en-GB');
    await choose('Gender', 'Male');
    expect(voices()).toEqual(['Helios']);
    fireEvent.click(screen.getByRole('button', { name: 'Play a sample of Helios' }));
    expect(played).toEqual(['/voice/sounds/deepgram-helios.mp3']);
    fireEvent.click(screen.getByRole('button', { name: 'Choose the voice Helios' }));
    expect(chosen).toEqual(['deepgram/helios']);
  });

  it('plays samples from the origin the configuration names (locally, the voice stand-in)', async () => {
    const played: string[] = [];
    vi.stubGlobal('Audio', class { constructor(readonly src: string) {} play() { played.push(this.src); return Promise.resolve(); } pause() {} });
    const earlier = window.__PARLEY_CONFIG__;
    window.__PARLEY_CONFIG__ = { firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' }, functionsRegion: 'us-central1', apiBase: '', voiceSamplesOrigin: 'http://127.0.0.1:9414' };
    try {
      renderWithProviders(<VoiceLibrary chosen={{ provider: 'deepgram', voiceId: 'asteria' }} onChoose={() => undefined} />);
      fireEvent.click(await screen.findByRole('button', { name: 'Play a sample of Luna' }));
      expect(played).toEqual(['http://127.0.0.1:9414/voice/sounds/deepgram-luna.mp3']);
    } finally {
      window.__PARLEY_CONFIG__ = earlier;
    }
  });
});
