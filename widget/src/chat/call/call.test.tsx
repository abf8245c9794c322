// The chat's call button and the call panel: the voice chunk loads only when the visitor presses the button; the
// panel shows connecting, live with the transcript lines, mute and hang up, ended; a blocked microphone reads a
// sentence. The transport here is a stand-in object driven by the test (the real ones need a browser call).
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { wordsFor } from '../i18n';
import { CallButton } from './CallButton';
import { CallPanel } from './CallPanel';
import type { CallEvents, JoinCall, VoiceChunk } from './transport';

let host: HTMLElement;
afterEach(() => {
  render(null, host);
  host.remove();
});

const tick = () => act(async () => new Promise((r) => setTimeout(r, 0)));
const words = wordsFor('en');
const started = { callId: 'call-1', webCallUrl: 'https://example.test/room' };

function mountPanel(join: JoinCall) {
  host = document.createElement('div');
  document.body.appendChild(host);
  return act(() => render(<CallPanel words={words} lang="en" started={Promise.resolve(started)} startCall={async () => started} join={join} />, host));
}
const button = (name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === name);

describe('call button', () => {
  it('loads the voice chunk only when pressed, and hands it the call being started', async () => {
    host = document.createElement('div');
    document.body.appendChild(host);
    const loads: string[] = [];
    const mounted: Array<{ lang: string; call: unknown }> = [];
    const chunk: VoiceChunk = {
      mountCall: (_el, props) => {
        void props.started.then((call) => mounted.push({ lang: props.lang, call }));
        return () => undefined;
      },
    };
    await act(() => render(<CallButton words={words} lang="fr" startCall={async () => started} loadVoice={async () => (loads.push('voice.js'), chunk)} />, host));
    expect(loads).toEqual([]);
    const press = host.querySelector('button')!;
    expect(press.textContent).toContain('Start a voice call');
    await act(async () => press.click());
    await tick();
    expect(loads).toEqual(['voice.js']);
    expect(mounted).toEqual([{ lang: 'fr', call: started }]);
  });

  it('says the call could not be connected when the chunk does not load', async () => {
    host = document.createElement('div');
    document.body.appendChild(host);
    await act(() => render(<CallButton words={words} lang="en" startCall={async () => started} loadVoice={() => Promise.reject(new Error('offline'))} />, host));
    await act(async () => host.querySelector('button')!.click());
    await tick();
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(words.callFailed);
  });
});

describe('call panel', () => {
  it('goes connecting → live with the lines as they come → muted → ended on hang up', async () => {
    let events: CallEvents | null = null;
    const muted: boolean[] = [];
    let hungUp = 0;
    let joined: (value: void) => void = () => undefined;
    const connected = new Promise<void>((r) => (joined = r));
    await mountPanel(async (_call, e) => {
      events = e;
      await connected;
      return { setMuted: (m) => muted.push(m), hangUp: async () => void hungUp++ };
    });
    expect(host.querySelector('[role="status"]')?.textContent).toBe('Connecting…');
    await act(async () => {
      joined();
      events!.onLive();
    });
    await tick();
    expect(host.querySelector('[role="status"]')?.textContent).toBe('On a call');
    await act(async () => {
      events!.onLine({ role: 'user', text: 'When do you open?', final: true });
      events!.onLine({ role: 'assistant', text: 'We open', final: false });
      events!.onLine({ role: 'assistant', text: 'We open at nine.', final: true });
    });
    expect([...host.querySelectorAll('.call-lines .msg')].map((m) => m.textContent)).toEqual(['When do you open?', 'We open at nine.']);
    // No typed line where the transport carries speech.
    expect(host.querySelector('input')).toBeNull();
    await act(async () => button('Mute')!.click());
    expect(muted).toEqual([true]);
    expect(button('Unmute')?.getAttribute('aria-pressed')).toBe('true');
    await act(async () => button('Hang up')!.click());
    expect(hungUp).toBe(1);
    expect(host.querySelector('[role="status"]')?.textContent).toBe('Call ended');
    expect(button(words.call)).toBeTruthy();
  });

  it('offers a typed line where the transport has no audio, and sends what the visitor types', async () => {
    const said: string[] = [];
    await mountPanel(async (_call, e) => {
      e.onLive();
      return { setMuted: () => undefined, hangUp: async () => undefined, say: async (text) => void said.push(text) };
    });
    await tick();
    const input = host.querySelector<HTMLInputElement>('input[aria-label="Say something"]')!;
    await act(async () => {
      input.value = 'Do you deliver?';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => void host.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    expect(said).toEqual(['Do you deliver?']);
  });

  it('tells the visitor in a plain sentence when the microphone is blocked', async () => {
    await mountPanel(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    await tick();
    expect(host.querySelector('[role="alert"]')?.textContent).toBe('Your microphone is blocked. Allow it in your browser to talk to us, or write below.');
    expect(host.querySelector('[role="status"]')?.textContent).toBe('Call ended');
  });
});
