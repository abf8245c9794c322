import { describe, expect, it } from 'vitest';
import { clientAgents, clientAgentSwitchPath, clientLandingPath, clientTabs, portalLockout, sectionDecision, shortAgentName } from './client-nav';

const chatsOnly = { canAccess: ['/convos'], widgetIDs: ['a1'] };
const vg = { ID: 'a1', agentPlatform: 'vg' };

describe('client tabs', () => {
  it('shows only the pages in canAccess', () => {
    expect(clientTabs(chatsOnly, vg)).toEqual(['convos']);
    expect(clientTabs({ ...chatsOnly, canAccess: ['/home', '/convos', '/analytics', '/leads', '/campaigns'] }, vg)).toEqual(['home', 'convos', 'analytics', 'leads']);
  });

  it('shows the Voice tab to a client allowed /voice', () => {
    expect(clientTabs({ canAccess: ['/voice', '/convos'], widgetIDs: ['a1'] }, vg)).toEqual(['voice', 'convos']);
  });

  it('drops tabs the agent platform does not have and tabs the user hid', () => {
    const client = { widgetIDs: ['a1'], canAccess: ['/kb', '/convos', '/settings'] };
    expect(clientTabs(client, { ID: 'a1', agentPlatform: 'vf' })).toEqual(['convos', 'settings']);
    expect(clientTabs(client, vg, { hiddenTabs: ['settings'] })).toEqual(['kb', 'convos']);
    expect(clientTabs(client, vg, { hiddenTabs: ['settings'], visibleTabs: ['settings'] })).toEqual(['kb', 'convos', 'settings']);
  });

  it('follows clientTabOrder (paths or keys), then the default order', () => {
    const client = { widgetIDs: ['a1'], canAccess: ['/home', '/convos', '/leads'], clientTabOrder: ['/leads', 'convos'] };
    expect(clientTabs(client, vg)).toEqual(['leads', 'convos', 'home']);
  });
});

describe('landing and redirects', () => {
  const agents = [{ ID: 'a2' }, vg];

  it('lands on the first allowed tab of the first agent in widgetIDs', () => {
    expect(clientLandingPath({ region: 'na', client: { ...chatsOnly, widgetIDs: ['a1', 'a2'] }, agents })).toBe('/app/na/agents/a1/convos');
    expect(clientAgents({ widgetIDs: ['gone', 'a2', 'a1'] }, agents).map((a) => a.ID)).toEqual(['a2', 'a1']);
  });

  it('has no landing page without agents or pages', () => {
    expect(clientLandingPath({ region: 'na', client: { ...chatsOnly, widgetIDs: [] }, agents })).toBeNull();
    expect(clientLandingPath({ region: 'na', client: { ...chatsOnly, canAccess: [] }, agents })).toBeNull();
  });

  it('sends a page the client may not see back to the first allowed one, and a foreign agent to 404', () => {
    const base = { region: 'eu' as const, client: chatsOnly, agents, agentId: 'a1' };
    expect(sectionDecision({ ...base, section: 'convos' })).toEqual({ kind: 'show' });
    expect(sectionDecision({ ...base, section: 'settings' })).toEqual({ kind: 'redirect', to: '/app/eu/agents/a1/convos' });
    expect(sectionDecision({ ...base, section: 'nonsense' })).toEqual({ kind: 'redirect', to: '/app/eu/agents/a1/convos' });
    expect(sectionDecision({ ...base, agentId: 'a2', section: 'convos' })).toEqual({ kind: 'not-found' });
  });

  it('keeps the tab when switching agent only if the other agent shows it', () => {
    const client = { widgetIDs: ['a1', 'a3'], canAccess: ['/kb', '/convos'] };
    expect(clientAgentSwitchPath({ region: 'na', client, agent: { ID: 'a3' }, currentSection: 'kb' })).toBe('/app/na/agents/a3/kb');
    expect(clientAgentSwitchPath({ region: 'na', client, agent: { ID: 'a3', agentPlatform: 'vf' }, currentSection: 'kb' })).toBe('/app/na/agents/a3/convos');
  });
});

describe('agent names', () => {
  it('cuts names to 30 characters', () => {
    expect(shortAgentName('A'.repeat(31))).toBe(`${'A'.repeat(30)}…`);
    expect(shortAgentName('Bakery bot')).toBe('Bakery bot');
  });
});

describe('access-denied modal', () => {
  const org = { widgetIDs: ['a1'], settings: {} };
  it('shows the org’s own message, else the default, when access is off', () => {
    const off = { ...org, settings: { disableClientAccess: true, disableClientAccessMessage: 'Unpaid invoice' } };
    expect(portalLockout({ isAdmin: false, org: off, clientWidgetIDs: ['a1'], readableAgents: 0 })?.message).toBe('Unpaid invoice');
    expect(portalLockout({ isAdmin: false, org: { ...off, settings: { disableClientAccess: true } }, clientWidgetIDs: ['a1'], readableAgents: 0 })?.message).toBe(
      'Access is currently disabled. Pleas contact your provider!',
    );
  });
  it('tells an org without agents apart from an account without agents', () => {
    expect(portalLockout({ isAdmin: false, org: { ...org, widgetIDs: [] }, clientWidgetIDs: [], readableAgents: 0 })?.message).toBe('This org has no agents');
    expect(portalLockout({ isAdmin: false, org, clientWidgetIDs: [], readableAgents: 0 })?.message).toBe('This account has not agents');
    expect(portalLockout({ isAdmin: false, org, clientWidgetIDs: ['a1'], readableAgents: 1 })).toBeNull();
    expect(portalLockout({ isAdmin: true, org: { ...org, widgetIDs: [] }, clientWidgetIDs: [], readableAgents: 0 })).toBeNull();
  });
});
