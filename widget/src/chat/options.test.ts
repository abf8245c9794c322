import { describe, expect, it } from 'vitest';
import { chatOptionsFromFragment } from './options';

const PUBLISHED = { chat: 'https://chat.example', api: ['https://api.example', 'https://stream.example'] };

describe('chat options from the fragment', () => {
  it('reads what the loader wrote', () => {
    const fragment = new URLSearchParams({
      agent: 'A1',
      region: 'eu',
      api: 'https://api.example',
      stream: 'https://stream.example/chat',
      page: 'https://shop.example/cart?x=1',
      lang: 'de-DE',
      open: '1',
      a: JSON.stringify({ ID: 'A1', title: 'Support' }),
    });
    expect(chatOptionsFromFragment(`#${fragment}`, PUBLISHED, 'https://chat.example')).toEqual({
      agentId: 'A1',
      region: 'eu',
      apiBase: 'https://api.example',
      streamBase: 'https://stream.example/chat',
      page: 'https://shop.example/cart?x=1',
      parentOrigin: 'https://shop.example',
      lang: 'de-DE',
      open: true,
      popup: false,
      handedAgent: { ID: 'A1', title: 'Support' },
    });
  });

  it("never sends a visitor's messages to an API the framing site chose, nor paints an agent the URL does not name", () => {
    const fragment = new URLSearchParams({ agent: 'A1', api: 'https://evil.example', stream: 'https://evil.example', a: JSON.stringify({ ID: 'B2' }) });
    const options = chatOptionsFromFragment(fragment.toString(), PUBLISHED, 'https://chat.example');
    expect(options.apiBase).toBe('https://api.example');
    expect(options.streamBase).toBe('https://api.example');
    expect(options.region).toBe('na');
    expect(options.handedAgent).toBeNull();
  });

  it('talks only to its own origin before publishing', () => {
    const options = chatOptionsFromFragment('agent=A1&api=https://api.example', { chat: null, api: [] }, 'http://127.0.0.1:5005');
    expect(options.apiBase).toBe('http://127.0.0.1:5005');
  });
});
