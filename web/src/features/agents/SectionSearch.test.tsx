import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SectionSearch } from './SectionSearch';
import { searchableSections } from './searchable-sections';

const sections = searchableSections(['overview', 'voice', 'nodes', 'kb', 'convos', 'analytics', 'channels', 'tools', 'leads', 'settings']);
const base = '/app/na/agents/a1';

describe('section search box', () => {
  it('shows Searching... while debouncing, then a strong match, then jumps to Knowledge', async () => {
    renderWithProviders(<SectionSearch sections={sections} basePath={base} />, { route: `${base}/overview` });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search sections' }), { target: { value: 'knowl' } });
    expect(screen.getByText('Searching...')).toBeTruthy();
    const option = await screen.findByRole('option', { name: /Knowledge/ });
    expect(option.textContent).toContain('Strong match');
    await waitFor(() => expect(screen.getByRole('status', { name: 'Current path' }).textContent).toBe(`${base}/kb`), { timeout: 2000 });
  });

  it('says No results found for nonsense and does not navigate', async () => {
    renderWithProviders(<SectionSearch sections={sections} basePath={base} />, { route: `${base}/overview` });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search sections' }), { target: { value: 'zzqqxxv' } });
    expect(await screen.findByText('No results found')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Current path' }).textContent).toBe(`${base}/overview`);
  });

  it('lists at most 5 suggestions and navigates on click', async () => {
    renderWithProviders(<SectionSearch sections={sections} basePath={base} />, { route: `${base}/overview` });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search sections' }), { target: { value: 'set' } });
    const options = await screen.findAllByRole('option');
    expect(options.length).toBeGreaterThan(0);
    expect(options.length).toBeLessThanOrEqual(5);
    const security = options.find((o) => o.textContent?.startsWith('Security'));
    fireEvent.click(security ?? options[0]!);
    await waitFor(() => expect(screen.getByRole('status', { name: 'Current path' }).textContent).toMatch(/^\/app\/na\/agents\/a1\/settings/));
  });
});
