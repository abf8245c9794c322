// The Crawler page with the crawler callables answered at the SDK and the workspace's agent in the Firestore
// emulator: a job is created (a private address refused at its field first), its runs and pages are shown, and it
// is deleted after confirming.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { doc, setDoc } from 'firebase/firestore';
import { crawlerApi } from '@parley/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, answerCallables, CallableRefusal } from '../../test/callables';
import { connectTestFirestore } from '../../test/emulator';
import { fakeWorkspace, renderWithProviders } from '../../test/render';
import CrawlerPage from './CrawlerPage';

const fs = connectTestFirestore();
const REFUSED = 'This address cannot be crawled: it is not a public website.';
let owner = '';
let count = 0;
let jobs: crawlerApi.CrawlJob[] = [];
let saved: unknown[] = [];
let deleted: string[] = [];
const run: crawlerApi.CrawlRun = { id: 'r1', trigger: 'first', status: 'done', startedAt: 1_767_225_600_000, finishedAt: 1_767_225_660_000, added: 4, updated: 0, unchanged: 0, removed: 0, failed: 1, errors: [{ url: 'https://cafe.example/menu', message: 'The page did not answer within 10 seconds; it is kept as it was.' }], message: null };

beforeEach(async () => {
  owner = `crawler${++count}`;
  jobs = [];
  saved = [];
  deleted = [];
  await setDoc(doc(fs.server, `voiceglow/${owner}-a1`), { ID: `${owner}-a1`, title: 'Front desk', lastModified: 1, ownerID: owner });
  answerCallables({
    listCrawlJobs: answer(crawlerApi.listCrawlJobs, () => ({ jobs, maxPagesCap: 50 })),
    saveCrawlJob: answer(crawlerApi.saveCrawlJob, (input) => {
      saved.push(input);
      if (input.startUrl.includes('169.254')) throw new CallableRefusal('invalid-argument', `Invalid input — startUrl: ${REFUSED}`);
      const job: crawlerApi.CrawlJob = { ...crawlerApi.crawlJobSettingsSchema.parse(input), id: 'job1', agentTitle: 'Front desk', createdAt: 1, nextRunAt: 1_767_312_000_000, running: false, pageCount: 4, lastRun: run };
      jobs = [job];
      return { job };
    }),
    getCrawlJob: answer(crawlerApi.getCrawlJob, () => ({ job: jobs[0]!, runs: [run], pages: ['/', '/contact', '/hours', '/menu'].map((p) => ({ url: `https://cafe.example${p}`, depth: p === '/' ? 0 : 1 })) })),
    deleteCrawlJob: answer(crawlerApi.deleteCrawlJob, ({ jobId }) => {
      deleted.push(jobId);
      jobs = [];
      return { deleted: true, removedSources: 4 };
    }),
  });
});

const render = () => renderWithProviders(<CrawlerPage />, { route: '/app/na/automations', path: '/app/na/automations', workspace: fakeWorkspace({}, { uid: owner }) });

describe('Crawler page', () => {
  it('creates a job after its fields are right, shows its runs and pages, and deletes it after confirming', async () => {
    render();
    expect(await screen.findByText(/No crawl job yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New crawl job' }));
    const dialog = await screen.findByRole('dialog', { name: 'New crawl job' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and crawl' }));
    expect(await within(dialog).findByText(crawlerApi.CRAWLER_MESSAGES.agent)).toBeTruthy();
    expect(within(dialog).getByText(crawlerApi.CRAWLER_MESSAGES.startUrl)).toBeTruthy();
    expect(saved).toEqual([]);

    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Agent' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Front desk' }, { timeout: 5000 }));
    fireEvent.change(within(dialog).getByLabelText('Start URL'), { target: { value: 'http://169.254.169.254/latest' } });
    fireEvent.change(within(dialog).getByLabelText('Exclude paths'), { target: { value: '/cart/*\n' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and crawl' }));
    expect(await within(dialog).findByText(REFUSED)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Start URL'), { target: { value: 'https://cafe.example/' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and crawl' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatchObject({ agentId: `${owner}-a1`, startUrl: 'https://cafe.example/', maxPages: 50, depth: 3, exclude: ['/cart/*'], useSitemap: true, refreshRate: '24h' });

    const runs = await screen.findByRole('table', { name: 'Runs' });
    expect(within(runs).getByText('First crawl')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Pages that failed in the last run' })).getByText(/kept as it was/)).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Pages' })).getAllByRole('listitem')).toHaveLength(4);

    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Crawl job https://cafe.example/' }), { key: 'Escape' });
    const table = await screen.findByRole('table', { name: 'Crawl jobs' });
    expect(within(table).getByText('4 added, 0 updated, 0 unchanged, 0 removed, 1 failed')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Delete crawl job https://cafe.example/' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this crawl job?' });
    expect(deleted).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/No crawl job yet/)).toBeTruthy();
    expect(deleted).toEqual(['job1']);
  });
});
