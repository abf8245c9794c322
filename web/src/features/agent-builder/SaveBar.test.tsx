// The settings pages' Save: the same agent save as Publish (same failure text), with its own confirmation.
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAgentDraft, loadAgentIntoDraft, updateAgentDraft } from '../../lib/agent-draft';
import { renderWithProviders, stubFetch } from '../../test/render';
import { SaveBar } from './SaveBar';

afterEach(() => vi.unstubAllGlobals());

describe('Save', () => {
  it('shows unsaved changes, saves them, then says Saved successfully and All changes saved', async () => {
    vi.stubGlobal('fetch', stubFetch((_url, init) => ({ status: 200, body: { success: true, data: JSON.parse(String(init.body)) } })).fn);
    loadAgentIntoDraft({ ID: 's1', title: 'Support', ownerID: 'owner1', lastModified: 1 });
    renderWithProviders(<SaveBar agentId="s1" />);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => updateAgentDraft('s1', (d) => ({ ...d, title: 'Sales' })));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved successfully')).toBeTruthy();
    expect(screen.getByText('All changes saved')).toBeTruthy();
    expect(getAgentDraft('s1')!.saved.title).toBe('Sales');
  });

  it('says "Failed to save agent, {reason}" and keeps the changes', async () => {
    vi.stubGlobal('fetch', stubFetch(() => ({ status: 400, body: { success: false, error: 'Max chunk size must be greater than 1000' } })).fn);
    loadAgentIntoDraft({ ID: 's2', title: 'Support', ownerID: 'owner1', lastModified: 1 });
    renderWithProviders(<SaveBar agentId="s2" />);
    act(() => updateAgentDraft('s2', (d) => ({ ...d, vgOptions: { maxChunkSize: 10 } })));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save agent, Max chunk size must be greater than 1000')).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });
});
