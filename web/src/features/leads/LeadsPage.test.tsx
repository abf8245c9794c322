// The Leads page against Google's Firestore emulator: the leads are real documents (written by a second client
// standing in for the functions), so order, filters and paging are Firestore's own. deleteLead is answered at the
// SDK as the function would: it removes the document.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { deleteDoc, doc, setDoc } from 'firebase/firestore';
import { insightsApi, leadsApi, leadSearchTerms, type Lead } from '@parley/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, answerCallables } from '../../test/callables';
import { connectTestFirestore } from '../../test/emulator';
import { renderWithProviders } from '../../test/render';
import { dayStart } from '../../lib/list-filters';
import { LEAD_CSV_COLUMNS, leadsCsv } from './leads-csv';
import { LEADS_PAGE_SIZE } from './leads-data';
import LeadsPage from './LeadsPage';

const fs = connectTestFirestore();

let agentId = '';
let agentCount = 0;
const deleted: string[] = [];
beforeEach(() => {
  agentId = `leadsAgent${++agentCount}`;
  deleted.length = 0;
  answerCallables({
    deleteLead: answer(leadsApi.deleteLead, async ({ leadId }) => {
      deleted.push(leadId);
      await deleteDoc(doc(fs.server, `voiceglow/${agentId}/leads/${leadId}`));
      return { deleted: true as const };
    }),
  });
});

async function seedLead(id: string, createdAt: number, fields: Partial<Lead> = {}) {
  const lead = { ID: id, agentId, conversationId: id, channel: 'widget', createdAt, updatedAt: createdAt, ...fields };
  await setDoc(doc(fs.server, `voiceglow/${agentId}/leads/${id}`), { ...lead, searchTerms: leadSearchTerms(lead) });
}

function renderLeads(search = '') {
  renderWithProviders(<LeadsPage />, { route: `/app/na/agents/${agentId}/leads${search}`, path: '/app/na/agents/:agentId/leads' });
}

const tableRows = async () => within(await screen.findByRole('table', { name: 'Leads' })).getAllByRole('row').slice(1);
const rowTexts = async () => (await tableRows()).map((r) => r.textContent ?? '');

describe('Leads page', () => {
  it('lists the leads newest first with their fields and a link to each conversation', async () => {
    await seedLead('conv-lead-old1', dayStart('2026-11-01'), { name: 'Ada Lovelace', email: 'ada@example.com', countryCode: 'GB', pageUrl: 'https://shop.example/' });
    await seedLead('conv-lead-new1', dayStart('2026-11-20'), { name: 'Grace Hopper', phone: '+15550100100', channel: 'whatsapp' });
    renderLeads();
    const [first, second] = await tableRows();
    expect(first!.textContent).toContain('Grace Hopper');
    expect(first!.textContent).toContain('WhatsApp');
    expect(second!.textContent).toContain('ada@example.com');
    expect(second!.textContent).toContain('GB');
    const link = within(second!).getByRole('link', { name: 'Open the conversation of Ada Lovelace' });
    expect(link.getAttribute('href')).toBe(`/app/na/agents/${agentId}/convos?conversation=conv-lead-old1`);
  });

  it('filters by date range and channel from the URL', async () => {
    await seedLead('conv-lead-f1', dayStart('2026-10-05'), { name: 'October Person' });
    await seedLead('conv-lead-f2', dayStart('2026-11-05'), { name: 'November Person', email: 'nov@example.com' });
    await seedLead('conv-lead-f3', dayStart('2026-11-06'), { name: 'Telegram Person', channel: 'telegram' });
    renderLeads('?from=2026-11-01&to=2026-11-30&channel=widget');
    await waitFor(async () => expect(await rowTexts()).toEqual([expect.stringContaining('November Person')]));
  });

  it('says why a link’s date range is not used, lists every date instead, and drops it once a filter changes', async () => {
    await seedLead('conv-lead-r1', dayStart('2026-10-05'), { name: 'October Person' });
    await seedLead('conv-lead-r2', dayStart('2026-11-05'), { name: 'November Person' });
    renderLeads('?from=2026-11-30&to=2026-11-01');
    expect((await screen.findByRole('alert')).textContent).toBe(
      `The link’s dates were not used. ${insightsApi.INSIGHTS_RANGE_MESSAGES.reversed} Every date is shown instead.`,
    );
    await waitFor(async () => expect(await rowTexts()).toEqual([expect.stringContaining('November Person'), expect.stringContaining('October Person')]));
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('');
    // A new date replaces the refused range: the sentence goes and the new range filters.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(async () => expect(await rowTexts()).toEqual([expect.stringContaining('November Person')]));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when a link’s day is not a calendar day', async () => {
    await seedLead('conv-lead-m1', dayStart('2026-11-05'), { name: 'November Person' });
    renderLeads('?from=2026-02-30&channel=widget');
    expect((await screen.findByRole('alert')).textContent).toContain(insightsApi.INSIGHTS_RANGE_MESSAGES.malformed);
    await waitFor(async () => expect(await rowTexts()).toEqual([expect.stringContaining('November Person')]));
  });

  it('finds a lead by its e-mail as typed, and says when nothing matches', async () => {
    await seedLead('conv-lead-s1', dayStart('2026-11-05'), { name: 'November Person', email: 'nov@example.com' });
    await seedLead('conv-lead-s2', dayStart('2026-11-06'), { name: 'Other Person', email: 'other@example.com' });
    renderLeads('?q=NOV%40example.com');
    await waitFor(async () => expect(await rowTexts()).toEqual([expect.stringContaining('November Person')]));
    fireEvent.change(screen.getByLabelText('Search leads'), { target: { value: 'nobody@example.com' } });
    await screen.findByText('No lead matches these filters.');
  });

  it('pages through more leads than one page holds', async () => {
    for (let i = 0; i < LEADS_PAGE_SIZE + 2; i++) await seedLead(`conv-lead-p${String(i).padStart(3, '0')}`, 1_700_000_000_000 + i * 1000, { name: `Person ${i}` });
    renderLeads();
    expect(await tableRows()).toHaveLength(LEADS_PAGE_SIZE);
    expect((await rowTexts())[0]).toContain(`Person ${LEADS_PAGE_SIZE + 1}`);
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(async () => expect(await rowTexts()).toEqual([expect.stringContaining('Person 1'), expect.stringContaining('Person 0')]));
    fireEvent.click(screen.getByRole('button', { name: 'Newer' }));
    await waitFor(async () => expect(await tableRows()).toHaveLength(LEADS_PAGE_SIZE));
  });

  it('deletes a lead only after its confirmation', async () => {
    await seedLead('conv-lead-d1', dayStart('2026-11-01'), { name: 'Delete Me' });
    renderLeads();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Delete Me' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this lead?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Delete Me' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete this lead?' })).getByRole('button', { name: 'Delete' }));
    await screen.findByText(/No leads yet/);
    expect(deleted).toEqual(['conv-lead-d1']);
  });

  it('exports the filtered rows as a CSV download', async () => {
    await seedLead('conv-lead-e1', dayStart('2026-11-01'), { name: 'Zoë, "the" tester', email: 'zoe@example.com' });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:leads');
    renderLeads();
    await tableRows();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    const text = await (created.mock.calls[0]![0] as Blob).text();
    expect(text).toContain('"Zoë, ""the"" tester",zoe@example.com');
    created.mockRestore();
  });
});

describe('leadsCsv', () => {
  const lead: Lead = { ID: 'c1', agentId: 'A', conversationId: 'c1', channel: 'widget', createdAt: Date.UTC(2026, 10, 28, 9, 30), updatedAt: 0, searchTerms: [] };

  it('starts with a UTF-8 byte-order mark and the header, one CRLF line per lead', () => {
    const text = leadsCsv([{ ...lead, name: 'José', email: 'jose@example.com', phone: '+34600000000', pageUrl: 'https://a.example/?x=1,2', countryCode: 'ES' }]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      LEAD_CSV_COLUMNS.join(','),
      '2026-11-28T09:30:00.000Z,José,jose@example.com,+34600000000,widget,"https://a.example/?x=1,2",ES,c1',
      '',
    ]);
  });

  it('keeps a visitor’s text that starts like a formula as text', () => {
    expect(leadsCsv([{ ...lead, name: '=HYPERLINK("http://evil.example")' }])).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });
});
