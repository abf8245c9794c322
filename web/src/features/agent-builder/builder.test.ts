import { describe, expect, it } from 'vitest';
import { prototypeLink } from './agent-links';
import { AGENT_TEMPLATES, DEFAULT_TEMPLATE_KEY, newAgentPath, templatesInTab } from './templates';

describe('template catalogue', () => {
  it('has the seven templates across the three categories with blank selected by default', () => {
    expect(AGENT_TEMPLATES.map((t) => t.key).sort()).toEqual(
      ['blank-template', 'confirm-email', 'customer-support', 'game-npc', 'health-care-agent', 'make-appointment', 'real-estate-agent'],
    );
    expect(DEFAULT_TEMPLATE_KEY).toBe('blank-template');
    expect(templatesInTab('All Templates')).toHaveLength(7);
    expect(templatesInTab('Entertainment').map((t) => t.key)).toEqual(['game-npc']);
    expect(templatesInTab('Customer Support').length + templatesInTab('Utility').length + templatesInTab('Entertainment').length).toBe(7);
  });
  it('lands on nodes when enabled, else overview, with the debugger open', () => {
    expect(newAgentPath('eu', { ID: 'abc', enableNodes: true })).toBe('/app/eu/agents/abc/nodes?showDebugger=true');
    expect(newAgentPath('na', { ID: 'abc' })).toBe('/app/na/agents/abc/overview?showDebugger=true');
  });
});

describe('links', () => {
  it('builds the prototype link, on the agency domain when it is verified', () => {
    expect(prototypeLink('na', 'A1')).toBe('/app/na/prototype?vg_id=A1');
    expect(prototypeLink('eu', 'A1', { customDomain: 'chat.acme.com', isVerifiedCustomDomain: true })).toBe('https://chat.acme.com/eu/prototype/A1');
    expect(prototypeLink('eu', 'A1', { customDomain: 'chat.acme.com', isVerifiedCustomDomain: false, VGsubDomain: 'acme.parley.dev', isVerifiedSubDomain: true })).toBe('https://acme.parley.dev/eu/prototype/A1');
  });
});
