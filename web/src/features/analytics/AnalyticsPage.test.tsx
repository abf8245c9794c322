// The Analytics page against Google's Firestore emulator: the daily rollups are real documents (written by a second
// client standing in for the functions). Each chart exports exactly the days it plots, a preset changes the range,
// and an empty range says so.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { doc, setDoc } from 'firebase/firestore';
import { insightsApi, lastDays } from '@parley/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { connectTestFirestore } from '../../test/emulator';
import { renderWithProviders } from '../../test/render';
import AnalyticsPage from './AnalyticsPage';

const fs = connectTestFirestore();
const DAY_MS = 86_400_000;
let agentId = '';
let agentCount = 0;
/** The files the page handed to the browser's download. */
let downloaded: Blob[] = [];

beforeEach(() => {
  agentId = `analyticsAgent${++agentCount}`;
  downloaded = [];
  Object.assign(URL, { createObjectURL: (blob: Blob) => (downloaded.push(blob), 'blob:csv'), revokeObjectURL: () => undefined });
});

const dayAgo = (n: number) => lastDays(Date.now() - n * DAY_MS, 1).to;
const seedDay = (day: string, fields: Record<string, unknown>) => setDoc(doc(fs.server, `voiceglow/${agentId}/rollups/${day}`), { day, agentId, ...fields });
const renderPage = (search = '') => renderWithProviders(<AnalyticsPage />, { route: `/app/na/agents/${agentId}/analytics${search}`, path: '/app/na/agents/:agentId/analytics' });
const card = async (key: string) => {
  await screen.findByRole('button', { name: 'Export CSV of Conversations and messages' });
  return document.querySelector<HTMLElement>(`[data-chart="${key}"]`)!;
};
async function exported(title: string): Promise<string[]> {
  fireEvent.click(screen.getByRole('button', { name: `Export CSV of ${title}` }));
  await waitFor(() => expect(downloaded.length).toBeGreaterThan(0));
  return (await downloaded[downloaded.length - 1]!.text()).replace('\uFEFF', '').trim().split('\r\n');
}

describe('Analytics page', () => {
  it('exports every day of the range with exactly the figures it plots (a quiet day as zeros)', async () => {
    await seedDay(dayAgo(0), { conversations: 3, messages: 14, handoffs: 1, leads: 2 });
    await seedDay(dayAgo(2), { conversations: 1, messages: 2 });
    renderPage();
    await card('conversations-messages');
    const rows = await exported('Conversations and messages');
    expect(rows[0]).toBe('Day,Conversations,Messages');
    expect(rows).toHaveLength(31);
    expect(rows[30]).toBe(`${dayAgo(0)},3,14`);
    expect(rows[29]).toBe(`${dayAgo(1)},0,0`);
    expect(rows[28]).toBe(`${dayAgo(2)},1,2`);
    expect(await exported('Handoffs and leads')).toContain(`${dayAgo(0)},1,2`);
  });

  it('adds the range’s widget openings up by country and by browser, most first', async () => {
    await seedDay(dayAgo(0), { opens: 3, countries: { DE: 1, FR: 2 }, browsers: { Chrome: 3 } });
    await seedDay(dayAgo(3), { opens: 2, countries: { DE: 2 }, browsers: { Firefox: 2 } });
    renderPage();
    await card('countries');
    expect(await exported('Countries')).toEqual(['Country,Widget openings', 'DE,3', 'FR,2']);
    expect(await exported('Browsers')).toEqual(['Browser,Widget openings', 'Chrome,3', 'Firefox,2']);
  });

  it('shares the range’s credits out by feature, most first, named for the reader', async () => {
    await seedDay(dayAgo(0), { credits: 5.5, features: { 'chat-message': 4, 'kb-embedding': 1.5 } });
    await seedDay(dayAgo(5), { credits: 3, features: { 'chat-message': 2, 'voice-call': 1 } });
    renderPage();
    await card('usage-across-features');
    expect(await exported('Usage across features')).toEqual(['Feature,Credits', 'Chat answers,6', 'Knowledge base,1.5', 'Voice calls,1']);
  });

  it('a preset changes the range: 7 days exports 7 rows and leaves an older day out', async () => {
    await seedDay(dayAgo(0), { conversations: 1, messages: 2 });
    await seedDay(dayAgo(20), { conversations: 5, messages: 9 });
    renderPage();
    await card('conversations-messages');
    fireEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(async () => expect(await exported('Conversations and messages')).toHaveLength(8));
    expect((await exported('Conversations and messages')).join('\n')).not.toContain(dayAgo(20));
  });

  it('a year is drawn and exported as weeks from its first day, each the sum of its days', async () => {
    await seedDay(dayAgo(0), { conversations: 1, messages: 2 });
    await seedDay(dayAgo(1), { conversations: 4, messages: 8 });
    await seedDay(dayAgo(300), { conversations: 5, messages: 9 });
    renderPage();
    await card('conversations-messages');
    fireEvent.click(screen.getByRole('radio', { name: '1 year' }));
    // The year's older days arrive after the days the 30-day view had already read.
    await waitFor(async () => expect((await exported('Conversations and messages')).filter((r) => r.endsWith(',5,9'))).toHaveLength(1));
    const rows = await exported('Conversations and messages');
    expect(rows[0]).toBe('Week starting,Conversations,Messages');
    // 365 days: 52 weeks of 7 and the last day alone.
    expect(rows).toHaveLength(54);
    expect(rows[53]).toBe(`${dayAgo(0)},1,2`);
    expect(rows[52]).toBe(`${dayAgo(7)},4,8`);
  });

  it('an empty range says so instead of drawing nothing', async () => {
    renderPage();
    const chart = await card('conversations-messages');
    expect(within(chart).getByText('No data in this range.')).toBeTruthy();
    expect(within(await card('channels')).getByText('No data in this range.')).toBeTruthy();
  });

  describe('a range a link chose (?from=&to=)', () => {
    beforeEach(async () => {
      await seedDay(dayAgo(40), { conversations: 2, messages: 5 });
      await seedDay(dayAgo(45), { conversations: 2, messages: 5 });
    });

    it('draws exactly the linked days', async () => {
      renderPage(`?from=${dayAgo(46)}&to=${dayAgo(40)}`);
      await card('conversations-messages');
      screen.getByText(`From ${dayAgo(46)} to ${dayAgo(40)}, as the link asked: choose a preset above to change it.`);
      const rows = await exported('Conversations and messages');
      expect(rows).toHaveLength(8);
      expect(rows[1]).toBe(`${dayAgo(46)},0,0`);
      expect(rows[2]).toBe(`${dayAgo(45)},2,5`);
      expect(rows[7]).toBe(`${dayAgo(40)},2,5`);
    });

    it('a range longer than a year is refused in words instead of charts', async () => {
      renderPage(`?from=${dayAgo(400)}&to=${dayAgo(0)}`);
      expect((await screen.findByRole('alert')).textContent).toContain(insightsApi.INSIGHTS_RANGE_MESSAGES.tooLong);
      expect(screen.queryByRole('button', { name: /Export CSV/ })).toBeNull();
    });
  });
});
