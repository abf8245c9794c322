import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { knowledgeApi } from '@parley/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, answerCallables } from '../../test/callables';
import { KnowledgePanel } from './KnowledgePanel';

type Source = knowledgeApi.KnowledgeSourceSummary;
const source = (fields: Partial<Source> & Pick<Source, 'ID' | 'name'>): Source => ({
  ts: 1, userId: 'owner1', agentId: 'A1', sourceType: 'url', refreshRate: 'never', status: 'SUCCESS', charCount: 0, chunkCount: 0, ...fields,
});

/** The knowledge callables over an in-memory list of sources, as the functions keep them. */
beforeEach(() => {
  let sources: Source[] = [
    source({ ID: 'd1', name: 'https://acme.test/faq', ts: 2, refreshRate: '24h', charCount: 1200, chunkCount: 1 }),
    source({ ID: 'd2', name: 'https://acme.test/gone', refreshRate: '1h', status: 'ERROR', error: 'The page answered 404 Not Found.' }),
  ];
  answerCallables({
    listKnowledgeSources: answer(knowledgeApi.listKnowledgeSources, () => ({ sources })),
    addKnowledgeSource: answer(knowledgeApi.addKnowledgeSource, (input) => {
      if (input.type !== 'url') throw new Error('only URLs in this test');
      sources = [source({ ID: 'd3', name: input.url, ts: 3, refreshRate: input.refreshRate ?? 'never', charCount: 10, chunkCount: 1 }), ...sources];
      return { docId: 'd3', status: 'SUCCESS', charCount: 10, chunkCount: 1 };
    }),
    deleteKnowledgeSource: answer(knowledgeApi.deleteKnowledgeSource, ({ docId }) => {
      sources = sources.filter((s) => s.ID !== docId);
      return { deleted: docId };
    }),
  });
});

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
    // The new page is listed with the refresh rate the dialog preselected.
    const added = (await screen.findByText('https://acme.test/pricing')).closest('tr')!;
    expect(within(added).getByText('24h')).toBeTruthy();
    expect(await screen.findByText('Source added')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete https://acme.test/gone' }));
    await waitFor(() => expect(screen.queryByText('https://acme.test/gone')).toBeNull());
  });
});
