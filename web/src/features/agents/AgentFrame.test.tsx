import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ComponentProps, ReactElement } from 'react';
import { loadAgentIntoDraft } from '../../lib/agent-draft';
import { renderWithProviders } from '../../test/render';
import { AgentFrame } from './AgentFrame';

// As under the agent route: the agent is in the draft store before its frame renders (the store is shared by every
// file of the run, which may have left another agent a1 there).
function renderFrame(frame: ReactElement<ComponentProps<typeof AgentFrame>>, opts: Parameters<typeof renderWithProviders>[1]) {
  loadAgentIntoDraft(frame.props.agent);
  return renderWithProviders(frame, opts);
}

const ALL = ['home', 'overview', 'voice', 'nodes', 'prompt', 'kb', 'convos', 'analytics', 'channels', 'tools', 'leads', 'settings'];

function tabs() {
  return within(screen.getByRole('navigation', { name: 'Agent sections' }))
    .getAllByRole('link')
    .map((a) => a.textContent);
}

describe('agent page navigation', () => {
  it('shows the staff tabs with their labels and marks the current one', () => {
    renderFrame(<AgentFrame agent={{ ID: 'a1', title: 'Bot', agentPlatform: 'vg' }} sections={ALL} />, { route: '/app/na/agents/a1/kb' });
    expect(tabs()).toEqual(['Widget', 'Voice', 'Prompt (simple view)', 'Knowledge', 'Chats', 'Analytics', 'Channels', 'Tools', 'Leads', 'Settings']);
    expect(screen.getByRole('link', { name: 'Knowledge' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Knowledge' }).getAttribute('href')).toBe('/app/na/agents/a1/kb');
  });

  it('swaps Tools for the Canvas when nodes are enabled', () => {
    renderFrame(<AgentFrame agent={{ ID: 'a1', agentPlatform: 'vg', enableNodes: true }} sections={ALL} />, { route: '/app/na/agents/a1/overview' });
    expect(tabs()).toContain('Canvas (advanced view)');
    expect(tabs()).not.toContain('Tools');
  });

  it('hides a tab the user unticks and remembers it in agentHiddenTabs', async () => {
    renderFrame(<AgentFrame agent={{ ID: 'a1', agentPlatform: 'vg' }} sections={ALL} />, { route: '/app/na/agents/a1/overview' });
    fireEvent.click(screen.getByRole('button', { name: 'Choose visible tabs' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Leads' }));
    expect(tabs()).not.toContain('Leads');
    expect(JSON.parse(localStorage.getItem('agentHiddenTabs') ?? '[]')).toEqual(['leads']);
  });

  it('toggles the test panel with Show Test / Hide Test', () => {
    const Panel = ({ agent }: { agent: { title?: string } }) => <p>Mini chat with {agent.title}</p>;
    renderFrame(<AgentFrame agent={{ ID: 'a1', title: 'Bot', agentPlatform: 'vg' }} sections={ALL} TestPanel={Panel} />, { route: '/app/na/agents/a1/overview' });
    fireEvent.click(screen.getByRole('button', { name: 'Show Test' }));
    expect(screen.getByRole('complementary', { name: 'Test your agent' }).textContent).toContain('Mini chat with Bot');
    fireEvent.click(screen.getByRole('button', { name: 'Hide Test' }));
    expect(screen.queryByRole('complementary', { name: 'Test your agent' })).toBeNull();
  });

  it('opens the test debugger beside the Prompt page until the user hides it', () => {
    const Panel = () => <p>Mini chat</p>;
    renderFrame(<AgentFrame agent={{ ID: 'a1', agentPlatform: 'vg' }} sections={ALL} TestPanel={Panel} />, { route: '/app/na/agents/a1/nodes' });
    expect(screen.getByRole('complementary', { name: 'Test your agent' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide Test' }));
    expect(screen.queryByRole('complementary', { name: 'Test your agent' })).toBeNull();
  });

  it('offers Switch to Canvas View / Switch to Prompt View only with nodes on and nothing but start and notes', () => {
    const start = { id: 's', type: 'start' as const };
    const { unmount } = renderFrame(<AgentFrame agent={{ ID: 'v1', agentPlatform: 'vg', enableNodes: true, nodes: [start, { id: 'n', type: 'note' as const }] }} sections={ALL} />, { route: '/app/na/agents/v1/nodes' });
    expect(screen.getByRole('link', { name: 'Switch to Canvas View' }).getAttribute('href')).toBe('/app/na/agents/v1/prompt');
    unmount();
    const canvas = renderFrame(<AgentFrame agent={{ ID: 'v2', agentPlatform: 'vg', enableNodes: true, nodes: [start] }} sections={ALL} />, { route: '/app/na/agents/v2/prompt' });
    expect(screen.getByRole('link', { name: 'Switch to Prompt View' }).getAttribute('href')).toBe('/app/na/agents/v2/nodes');
    canvas.unmount();
    const withSteps = renderFrame(<AgentFrame agent={{ ID: 'v3', agentPlatform: 'vg', enableNodes: true, nodes: [start, { id: 'd', type: 'default' as const }] }} sections={ALL} />, { route: '/app/na/agents/v3/prompt' });
    expect(screen.queryByRole('link', { name: /Switch to/ })).toBeNull();
    withSteps.unmount();
    renderFrame(<AgentFrame agent={{ ID: 'v4', agentPlatform: 'vg', enableNodes: false, nodes: [start] }} sections={ALL} />, { route: '/app/na/agents/v4/nodes' });
    expect(screen.queryByRole('link', { name: /Switch to/ })).toBeNull();
  });

  it('has no Show Test button for agency users', () => {
    const Panel = () => <p>Mini chat</p>;
    renderFrame(<AgentFrame agent={{ ID: 'a1', agentPlatform: 'vg' }} sections={ALL} TestPanel={Panel} hideTest />, { route: '/app/na/agents/a1/overview' });
    expect(screen.queryByRole('button', { name: 'Show Test' })).toBeNull();
  });
});
