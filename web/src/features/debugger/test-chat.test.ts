import { describe, expect, it } from 'vitest';
import { draftOverrides } from './test-chat';

describe('test debugger chat', () => {
  it('sends only the runtime settings of the draft, never identity, secrets other than the dialogue key, or wrong types', () => {
    expect(
      draftOverrides({ vg_systemPrompt: 'Be a pirate', vg_temperature: 0.9, title: 'Bot', SECRET_API_KEY: 'vg_x', ownerID: 'u', smartInit: false, lang: null, vg_maxTokens: 'many' }),
    ).toEqual({ vg_systemPrompt: 'Be a pirate', vg_temperature: 0.9, smartInit: false });
  });

  it('sends the flow being drawn, so the debugger tries it before it is published', () => {
    const nodes = [{ id: 'start', type: 'start', next: 'ask' }, { id: 'ask', type: 'default', name: 'ask' }];
    expect(draftOverrides({ enableNodes: true, nodes })).toEqual({ enableNodes: true, nodes });
  });
});
