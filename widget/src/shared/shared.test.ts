import { describe, expect, it } from 'vitest';
import { AGENT_PARAM, agentFromParams, encodeAgentParam, MAX_AGENT_PARAM } from './handoff';

describe('agent hand-off in the chat URL', () => {
  const withAgent = (value: string) => new URLSearchParams({ agent: 'A1', [AGENT_PARAM]: value });

  it('round-trips the agent, unicode and quotes included', () => {
    const agent = { ID: 'A1', title: 'Panadería "La Espiga" 🥖', theme: 'green-dark', ADVANCED_customCSS: '.head{color:#fff}&x=1#y' };
    const encoded = encodeAgentParam(agent)!;
    const url = `https://w.example/widget/chat.html#${withAgent(encoded).toString()}`;
    expect(agentFromParams(new URLSearchParams(new URL(url).hash.slice(1)), 'A1')).toEqual(agent);
  });

  it('leaves agents too large for a URL to postMessage', () => {
    expect(encodeAgentParam({ ID: 'A1', ADVANCED_customCSS: 'a'.repeat(MAX_AGENT_PARAM) })).toBeNull();
    expect(encodeAgentParam({ ID: 'A1', ADVANCED_customCSS: 'a'.repeat(1000) })).not.toBeNull();
  });

  it('ignores a missing, broken or different agent', () => {
    expect(agentFromParams(new URLSearchParams({ agent: 'A1' }), 'A1')).toBeNull();
    expect(agentFromParams(withAgent('{broken'), 'A1')).toBeNull();
    expect(agentFromParams(withAgent('[1,2]'), 'A1')).toBeNull();
    expect(agentFromParams(withAgent(JSON.stringify({ ID: 'OTHER', title: 'Fake' })), 'A1')).toBeNull();
  });
});
