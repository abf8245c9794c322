import { describe, expect, it } from 'vitest';
import { draftOverrides, parseEvents } from './test-chat';

describe('test debugger chat', () => {
  it('sends only the runtime settings of the draft', () => {
    expect(
      draftOverrides({ vg_systemPrompt: 'Be a pirate', vg_temperature: 0.9, title: 'Bot', SECRET_API_KEY: 'vg_x', ownerID: 'u', smartInit: false, lang: null }),
    ).toEqual({ vg_systemPrompt: 'Be a pirate', vg_temperature: 0.9, smartInit: false });
  });

  it('parses streamed events across chunk boundaries', () => {
    const first = parseEvents('event: delta\ndata: {"text":"Hi"}\n\nevent: done\ndata: {"par');
    expect(first.events).toEqual([{ event: 'delta', data: '{"text":"Hi"}' }]);
    expect(parseEvents(`${first.rest}ts":[]}\n\n`).events).toEqual([{ event: 'done', data: '{"parts":[]}' }]);
  });
});
