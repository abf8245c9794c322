import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AgentSwitcher } from './AgentSwitcher';

vi.mock('../../lib/agents-data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/agents-data')>()),
  // Already sorted by last modified, newest first (as listAgents returns them).
  listAgents: async () => [
    { ID: 'a2', title: 'Sales bot', lastModified: 300 },
    { ID: 'a1', title: 'Support bot', lastModified: 100 },
  ],
}));

describe('agent switcher', () => {
  it('lists agents newest first and keeps the current sub-path when switching', async () => {
    renderWithProviders(<AgentSwitcher />, { route: '/app/na/agents/a1/settings?tab=security' });
    fireEvent.click(await screen.findByRole('button', { name: 'Agent: Support bot' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Sales bot', 'Support bot']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sales bot' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Current path' }).textContent).toBe('/app/na/agents/a2/settings?tab=security'));
    expect(localStorage.getItem('selected_widget_id')).toBe('a2');
  });

  it('opens the default section when coming from outside an agent page', async () => {
    renderWithProviders(<AgentSwitcher />, { route: '/app/na/agents' });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose an agent' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Support bot' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Current path' }).textContent).toBe('/app/na/agents/a1/overview'));
  });
});
