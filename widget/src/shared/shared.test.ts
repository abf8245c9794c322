import { describe, expect, it } from 'vitest';
import { bubbleText, DEFAULT_PROACTIVE_MESSAGE, isDismissed } from './bubble';
import { AGENT_PARAM, agentFromParams, encodeAgentParam, MAX_AGENT_PARAM } from './handoff';
import { themeColors } from './theme';
import { parseSseBuffer } from '../chat/sse';

describe('theme', () => {
  it('uses named themes and custom themes with 6-digit hex only', () => {
    expect(themeColors({ theme: 'purple-dark' })).toEqual({ primary: '#7c3aed', onPrimary: '#ffffff', dark: true });
    expect(themeColors({ theme: 'custom-light', customThemeJSONString: JSON.stringify({ primary: '#ffcc00', themeType: 'dark' }) })).toEqual({ primary: '#ffcc00', onPrimary: '#111827', dark: true });
    expect(themeColors({ theme: 'custom-light', customThemeJSONString: JSON.stringify({ primary: '#fc0' }) }).primary).toBe('#2563eb');
    expect(themeColors({ theme: 'custom-dark', customThemeJSONString: '{broken' }).dark).toBe(true);
  });
});

describe('bubble rules', () => {
  it('has a default text and is disabled by none or auto-start', () => {
    expect(bubbleText({})).toBe(DEFAULT_PROACTIVE_MESSAGE);
    expect(bubbleText({ proactiveMessage: 'none' })).toBeNull();
    expect(bubbleText({ proactiveMessage: 'Hi', autoStartWidget: true })).toBeNull();
  });

  it('treats a dismissal as expired after more than one day', () => {
    const day = 24 * 60 * 60 * 1000;
    const storage = { getItem: () => '1000' };
    expect(isDismissed(storage, 'A', 1000 + day)).toBe(true);
    expect(isDismissed(storage, 'A', 1000 + day + 1)).toBe(false);
    expect(isDismissed(null, 'A', 0)).toBe(false);
  });
});

describe('SSE parsing', () => {
  it('returns complete events and keeps a split event for the next chunk', () => {
    const first = parseSseBuffer('event: start\ndata: {"conversationId":"c1"}\n\nevent: delta\ndata: {"text":"Hel');
    expect(first.events).toEqual([{ event: 'start', data: '{"conversationId":"c1"}' }]);
    const second = parseSseBuffer(`${first.rest}lo"}\n\n`);
    expect(second.events).toEqual([{ event: 'delta', data: '{"text":"Hello"}' }]);
    expect(second.rest).toBe('');
  });
});

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
