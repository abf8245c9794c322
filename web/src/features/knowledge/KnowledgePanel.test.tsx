/* eslint-disable @typescript-eslint/no-explicit-any -- recorded callable inputs are inspected loosely */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const calls: Array<{ name: string; input: any }> = [];
let sources: any[] = [
  { ID: 'd1', name: 'https://acme.test/faq', ts: 2, sourceType: 'url', refreshRate: '24h', status: 'SUCCESS', charCount: 1200, chunkCount: 1 },
  { ID: 'd2', name: 'https://acme.test/gone', ts: 1, sourceType: 'url', refreshRate: '1h', status: 'ERROR', error: 'The page answered 404 Not Found.', charCount: 0, chunkCount: 0 },
];
vi.mock('../../lib/functions', () => ({
  callFunction: async (name: string, input: any) => {
    calls.push({ name, input });
    if (name === 'listKnowledgeSources') return { sources };
    if (name === 'addKnowledgeSource') {
      sources = [{ ID: 'd3', name: input.url, ts: 3, sourceType: 'url', refreshRate: input.refreshRate, status: 'SUCCESS', charCount: 10, chunkCount: 1 }, ...sources];
      return { docId: 'd3', status: 'SUCCESS' };
    }
    if (name === 'deleteKnowledgeSource') {
      sources = sources.filter((s) => s.ID !== input.docId);
      return { deleted: input.docId };
    }
    throw new Error(`unexpected ${name}`);
  },
}));
const { KnowledgePanel } = await import('./KnowledgePanel');

function renderPanel() {
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <KnowledgePanel region="na" agentId="A1" />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('KnowledgePanel', () => {
  it('lists sources with their status and shows the error of a failed one', async () => {
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Knowledge sources' });
    expect(within(table).getByText('SUCCESS')).toBeTruthy();
    expect(within(table).getByText('ERROR')).toBeTruthy();
    expect(within(table).getByRole('alert').textContent).toBe('The page answered 404 Not Found.');
    expect(screen.getByText('2 sources · 1,200 characters')).toBeTruthy();
  });

  it('adds a URL with its refresh rate and deletes a source', async () => {
    renderPanel();
    await screen.findByRole('table', { name: 'Knowledge sources' });
    fireEvent.click(screen.getByRole('button', { name: 'Add URL' }));
    fireEvent.change(await screen.findByLabelText('URL'), { target: { value: 'https://acme.test/pricing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.some((c) => c.name === 'addKnowledgeSource')).toBe(true));
    expect(calls.find((c) => c.name === 'addKnowledgeSource')!.input).toEqual({ type: 'url', url: 'https://acme.test/pricing', refreshRate: '24h', region: 'na', agentId: 'A1' });
    expect(await screen.findByText('https://acme.test/pricing')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete https://acme.test/gone' }));
    await waitFor(() => expect(screen.queryByText('https://acme.test/gone')).toBeNull());
  });
});
