import { describe, expect, it } from 'vitest';
import { canSwitchAgentView, firstClientPage, visibleAgentTabs } from './agentTabs';

const keys = (ctx: Parameters<typeof visibleAgentTabs>[0]) => visibleAgentTabs(ctx).map((t) => t.key);

describe('visibleAgentTabs', () => {
  it('staff on a vg agent without nodes: no Home, no Canvas, Tools shown', () => {
    expect(keys({ platform: 'vg', enableNodes: false, isStaff: true })).toEqual([
      'overview', 'voice', 'nodes', 'kb', 'convos', 'analytics', 'channels', 'tools', 'leads', 'settings',
    ]);
  });
  it('nodes enabled: Canvas shown, Tools hidden', () => {
    const k = keys({ platform: 'vg', enableNodes: true, isStaff: true });
    expect(k).toContain('prompt');
    expect(k).not.toContain('tools');
  });
  it('vf agents do not get the vg-only tabs', () => {
    const k = keys({ platform: 'vf', enableNodes: true, isStaff: true });
    expect(k).not.toContain('kb');
    expect(k).not.toContain('nodes');
    expect(k).toContain('convos');
  });
  it('clients see only tabs in canAccess, Home included', () => {
    expect(keys({ platform: 'vg', enableNodes: false, isStaff: false, canAccess: ['/home', '/convos', '/campaigns', '/leads'] })).toEqual([
      'home', 'convos', 'leads',
    ]);
  });
  it('user-hidden tabs are removed unless shown again', () => {
    expect(keys({ platform: 'vg', enableNodes: false, isStaff: true, hiddenTabs: ['voice', 'kb'], visibleTabs: ['kb'] })).not.toContain('voice');
    expect(keys({ platform: 'vg', enableNodes: false, isStaff: true, hiddenTabs: ['voice', 'kb'], visibleTabs: ['kb'] })).toContain('kb');
  });
});

describe('firstClientPage', () => {
  it.each([
    [['/convos', '/home'], undefined, 'home'],
    [['/convos', '/leads'], ['/leads', '/convos'], 'leads'],
    [['/campaigns'], undefined, null],
    [[], undefined, null],
  ])('%j order %j → %j', (canAccess, order, expected) => {
    expect(firstClientPage(canAccess, order)).toBe(expected);
  });
});

describe('canSwitchAgentView', () => {
  it.each([
    [{ enableNodes: false, nodes: [] }, false],
    [{ enableNodes: true, nodes: [{ type: 'start' }, { type: 'note' }] }, true],
    [{ enableNodes: true, nodes: [{ type: 'start' }, { type: 'default' }] }, false],
    [{ enableNodes: true, nodes: [{ type: 'end' }] }, false],
  ])('%j → %j', (agent, expected) => {
    expect(canSwitchAgentView(agent)).toBe(expected);
  });
});
