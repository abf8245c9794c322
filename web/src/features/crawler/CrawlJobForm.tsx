// A crawl job's form (new job): the agent whose knowledge it fills, the start address (the server checks it is a
// public website and shows its refusal at the field), how many pages and how deep, path patterns, the sitemap, and
// how often it refreshes. Every field's problem is shown at that field.
import { NumberInput, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { crawlerApi, KB_REFRESH_RATES, type KbRefreshRate } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { fieldErrorOf } from '../../lib/field-error';
import { DialogActions } from '../../ui/DialogActions';
import type { CrawlJob, JobInput } from './crawler-api';

const FIELDS = ['agentId', 'startUrl', 'maxPages', 'depth', 'include', 'exclude', 'refreshRate'] as const;
type Field = (typeof FIELDS)[number];

const REFRESH_LABELS: Record<KbRefreshRate, string> = { '1h': 'Every hour', '6h': 'Every 6 hours', '12h': 'Every 12 hours', '24h': 'Every day', '7d': 'Every week', never: 'Never (only when I ask)' };
const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

export function CrawlJobForm(props: { agents: Array<{ id: string; title: string }>; maxPagesCap: number; save(input: JobInput): Promise<CrawlJob>; onDone(job: CrawlJob): void; onCancel(): void }) {
  const [agentId, setAgentId] = useState<string | null>(props.agents.length === 1 ? props.agents[0]!.id : null);
  const [startUrl, setStartUrl] = useState('');
  const [maxPages, setMaxPages] = useState<number | string>(Math.min(crawlerApi.CRAWL_DEFAULT_MAX_PAGES, props.maxPagesCap));
  const [depth, setDepth] = useState<number | string>(crawlerApi.CRAWL_DEFAULT_DEPTH);
  const [include, setInclude] = useState('');
  const [exclude, setExclude] = useState('');
  const [useSitemap, setUseSitemap] = useState(true);
  const [refreshRate, setRefreshRate] = useState<KbRefreshRate>('24h');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    setFailure(null);
    const input = { agentId: agentId ?? '', startUrl: startUrl.trim(), maxPages: Number(maxPages), depth: Number(depth), include: lines(include), exclude: lines(exclude), useSitemap, refreshRate };
    // The contract's own checks first, so a mistyped address never leaves the page.
    const parsed = crawlerApi.saveCrawlJob.input.safeParse({ ...input, region: 'na', workspaceId: 'w' });
    const found: Partial<Record<Field, string>> = {};
    if (!input.agentId) found.agentId = crawlerApi.CRAWLER_MESSAGES.agent;
    if (input.maxPages > props.maxPagesCap) found.maxPages = crawlerApi.CRAWLER_MESSAGES.maxPages(props.maxPagesCap);
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = issue.path[0] as Field;
      if (FIELDS.includes(field)) found[field] ??= issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      props.onDone(await props.save(input));
    } catch (error) {
      const message = errorMessage(error);
      const field = FIELDS.find((f) => fieldErrorOf(message, f));
      if (field) setErrors({ [field]: fieldErrorOf(message, field)! });
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm">
      <Select label="Agent" description="The agent whose knowledge base receives the pages." placeholder="Choose an agent" data={props.agents.map((a) => ({ value: a.id, label: a.title || a.id }))} value={agentId} onChange={setAgentId} allowDeselect={false} error={errors.agentId} />
      <TextInput label="Start URL" description="The site’s first page. Only pages of the same site are read." placeholder="https://example.com/" value={startUrl} onChange={(e) => setStartUrl(e.currentTarget.value)} error={errors.startUrl} />
      <NumberInput label="Max pages" description={`Your plan allows up to ${props.maxPagesCap} pages per job.`} min={1} max={props.maxPagesCap} value={maxPages} onChange={setMaxPages} error={errors.maxPages} />
      <NumberInput label="Depth" description="Links followed from the start page (0: the start page only)." min={0} max={crawlerApi.CRAWL_MAX_DEPTH} value={depth} onChange={setDepth} error={errors.depth} />
      <Textarea label="Include paths" description="One per line, e.g. /blog/* (empty: the whole site)." autosize minRows={2} value={include} onChange={(e) => setInclude(e.currentTarget.value)} error={errors.include} />
      <Textarea label="Exclude paths" description="One per line, e.g. /cart/*." autosize minRows={2} value={exclude} onChange={(e) => setExclude(e.currentTarget.value)} error={errors.exclude} />
      <Switch label="Use the site’s sitemap" checked={useSitemap} onChange={(e) => setUseSitemap(e.currentTarget.checked)} />
      <Select label="Refresh" description="Only pages that changed are read again and use credits." data={KB_REFRESH_RATES.map((r) => ({ value: r, label: REFRESH_LABELS[r] }))} value={refreshRate} onChange={(v) => setRefreshRate((v as KbRefreshRate | null) ?? '24h')} allowDeselect={false} error={errors.refreshRate} />
      <DialogActions failure={failure} busy={busy} cancelLabel="Cancel" onCancel={props.onCancel} confirmLabel="Create and crawl" onConfirm={() => void submit()} />
    </Stack>
  );
}
