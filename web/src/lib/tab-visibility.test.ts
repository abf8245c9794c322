import { describe, expect, it } from 'vitest';
import { navigationLayout, readTabPreferences, setTabHidden, visibleAgentTabs } from './tab-visibility';

describe('agent tab visibility', () => {
  it('shows the staff tabs of a vg agent (Home hidden for staff, Canvas only with nodes)', () => {
    expect(visibleAgentTabs({ platform: 'vg', enableNodes: false, isStaff: true })).toEqual([
      'overview', 'voice', 'nodes', 'kb', 'convos', 'analytics', 'channels', 'tools', 'leads', 'settings',
    ]);
    expect(visibleAgentTabs({ platform: 'vg', enableNodes: false, isStaff: false, canAccess: ['/home'] })).toContain('home');
  });

  it('hides Tools when nodes are enabled', () => {
    const tabs = visibleAgentTabs({ platform: 'vg', enableNodes: true, isStaff: true });
    expect(tabs).not.toContain('tools');
    expect(tabs).toContain('prompt');
  });

  it('hides our-runtime tabs for vf agents', () => {
    const tabs = visibleAgentTabs({ platform: 'vf', enableNodes: false, isStaff: true });
    expect(tabs).toEqual(['overview', 'voice', 'convos', 'analytics', 'channels', 'leads', 'settings']);
  });

  it('respects hidden tabs, with visible choices winning', () => {
    expect(visibleAgentTabs({ platform: 'vg', enableNodes: false, isStaff: true, hiddenTabs: ['leads', 'kb'], visibleTabs: ['kb'] })).not.toContain('leads');
    expect(visibleAgentTabs({ platform: 'vg', enableNodes: false, isStaff: true, hiddenTabs: ['leads', 'kb'], visibleTabs: ['kb'] })).toContain('kb');
  });

  it('limits clients to their canAccess pages', () => {
    expect(visibleAgentTabs({ platform: 'vg', enableNodes: false, isStaff: false, canAccess: ['/home', '/convos', '/leads'] })).toEqual(['home', 'convos', 'leads']);
  });

  it('keeps choices in localStorage under agentHiddenTabs and agentVisibleTabs', () => {
    setTabHidden('leads', true);
    expect(JSON.parse(localStorage.getItem('agentHiddenTabs')!)).toEqual(['leads']);
    setTabHidden('leads', false);
    expect(JSON.parse(localStorage.getItem('agentHiddenTabs')!)).toEqual([]);
    expect(JSON.parse(localStorage.getItem('agentVisibleTabs')!)).toEqual(['leads']);
    expect(readTabPreferences()).toEqual({ hiddenTabs: [], visibleTabs: ['leads'] });
  });

  it('gives staff and phones the horizontal layout, others the organisation choice (vertical by default)', () => {
    expect(navigationLayout({ isStaff: true, isPhone: false, dashboardLayout: 'vertical' })).toBe('horizontal');
    expect(navigationLayout({ isStaff: false, isPhone: true })).toBe('horizontal');
    expect(navigationLayout({ isStaff: false, isPhone: false })).toBe('vertical');
    expect(navigationLayout({ isStaff: false, isPhone: false, dashboardLayout: 'horizontal' })).toBe('horizontal');
  });
});
