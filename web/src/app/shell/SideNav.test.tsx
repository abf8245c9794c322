import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeWorkspace, renderWithProviders } from '../../test/render';
import { SideNav } from './SideNav';

const day = 86_400;
const now = Math.floor(Date.now() / 1000);

describe('side navigation', () => {
  it('has the Agents item, the Integrations, Utilities and Whitelabel groups, and Credentials', () => {
    renderWithProviders(<SideNav expanded />, { route: '/app/na/agents' });
    for (const group of ['Agents', 'Integrations', 'Utilities', 'Whitelabel', 'Credentials']) expect(screen.getByRole('group', { name: group })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Agents' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Functions' }).getAttribute('href')).toBe('/app/na/integrations');
    expect(screen.getByRole('link', { name: 'Crawler' }).getAttribute('href')).toBe('/app/na/automations');
    expect(screen.getByRole('link', { name: 'Clients' }).getAttribute('href')).toBe('/app/na/clients');
  });

  it('shows Upgrade Plan without a subscription on non-agent pages only', () => {
    const fresh = fakeWorkspace({}, { joinedAt: now - day, loadTokens: 100 });
    const { unmount } = renderWithProviders(<SideNav expanded />, { route: '/app/na/agents', workspace: fresh });
    expect(screen.getByRole('link', { name: 'Upgrade Plan' })).toBeTruthy();
    unmount();
    renderWithProviders(<SideNav expanded />, { route: '/app/na/agents/a1/overview', workspace: fresh });
    expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).toBeNull();
  });

  it('hides Upgrade Plan for subscribers and for new accounts with enough tokens', () => {
    const { unmount } = renderWithProviders(<SideNav expanded />, { route: '/app/na/agents', workspace: fakeWorkspace({}, { stripeSubscriptionId: 'sub_1', joinedAt: now - 30 * day }) });
    expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).toBeNull();
    unmount();
    renderWithProviders(<SideNav expanded />, { route: '/app/na/agents', workspace: fakeWorkspace({}, { joinedAt: now - day, loadTokens: 5000 }) });
    expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).toBeNull();
  });

  it('collapsed, keeps accessible names; the theme selector switches to dark', () => {
    renderWithProviders(<SideNav expanded={false} />, { route: '/app/na/agents' });
    expect(screen.getByRole('link', { name: 'Credentials' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeTruthy();
  });
});
