// The filter row of a list (Chats, Leads): search, a date range and a channel, and optionally Chats' status and
// lead filters. Every control has its label; the values are the URL's (lib/list-filters.ts). A link's date range
// that was set aside is said below the fields.
import { Alert, Group, Select, Stack, TextInput } from '@mantine/core';
import { CHAT_STATUSES, LISTED_CHANNELS, type ChatStatus, type LeadPresence, type ListedChannel, type ListFilters } from '@parley/core';
import { useEffect, useState } from 'react';

export const CHANNEL_LABELS: Record<ListedChannel, string> = {
  widget: 'Web widget', api: 'API', telegram: 'Telegram', discord: 'Discord', whatsapp: 'WhatsApp', messenger: 'Messenger', instagram: 'Instagram',
  phone: 'Phone call', webcall: 'Web call',
};
const STATUS_LABELS: Record<ChatStatus, string> = { open: 'Open', handedOff: 'Handed off', ended: 'Ended' };

const LEAD_OPTIONS = [['with', 'With a lead'], ['without', 'Without a lead']] as const satisfies ReadonlyArray<readonly [LeadPresence, string]>;

/** One of the list's choices; cleared, it filters nothing. */
function FilterSelect<T extends string>(props: { label: string; placeholder: string; value: T | undefined; options: ReadonlyArray<readonly [T, string]>; onChange(value: T | undefined): void }) {
  return (
    <Select
      label={props.label}
      placeholder={props.placeholder}
      clearable
      w={160}
      value={props.value ?? null}
      data={props.options.map(([value, label]) => ({ value, label }))}
      onChange={(v) => props.onChange((v as T | null) ?? undefined)}
    />
  );
}

export interface ListFilterBarProps {
  filters: ListFilters;
  onChange(next: ListFilters): void;
  searchLabel: string;
  searchPlaceholder: string;
  /** Chats: the status and lead filters too. */
  chatFilters?: boolean;
  /** Why the URL's date range was set aside (useListFilters), or null. */
  rangeProblem?: string | null;
}

export function ListFilterBar({ filters, onChange, searchLabel, searchPlaceholder, chatFilters = false, rangeProblem = null }: ListFilterBarProps) {
  // The search box is applied when the typing pauses, not on every key (each search is a query).
  const [term, setTerm] = useState(filters.q ?? '');
  // A link or Back changed the URL's search: the box shows it (what is being typed is kept while it matches).
  useEffect(() => setTerm((typed) => (typed.trim() === (filters.q ?? '') ? typed : (filters.q ?? ''))), [filters.q]);
  useEffect(() => {
    if (term.trim() === (filters.q ?? '')) return;
    const timer = setTimeout(() => onChange({ ...filters, q: term.trim() || undefined }), 350);
    return () => clearTimeout(timer);
  }, [term, filters, onChange]);
  const set = (patch: Partial<ListFilters>) => onChange({ ...filters, ...patch });
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput label={searchLabel} placeholder={searchPlaceholder} value={term} onChange={(e) => setTerm(e.currentTarget.value)} w={240} />
        <TextInput type="date" label="From" value={filters.from ?? ''} onChange={(e) => set({ from: e.currentTarget.value || undefined })} w={160} />
        <TextInput type="date" label="To" value={filters.to ?? ''} onChange={(e) => set({ to: e.currentTarget.value || undefined })} w={160} />
        <FilterSelect label="Channel" placeholder="All channels" value={filters.channel} options={LISTED_CHANNELS.map((c) => [c, CHANNEL_LABELS[c]] as const)} onChange={(channel) => set({ channel })} />
        {chatFilters && (
          <>
            <FilterSelect label="Status" placeholder="Any status" value={filters.status} options={CHAT_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const)} onChange={(status) => set({ status })} />
            <FilterSelect label="Lead" placeholder="With or without" value={filters.lead} options={LEAD_OPTIONS} onChange={(lead) => set({ lead })} />
          </>
        )}
      </Group>
      {rangeProblem ? (
        <Alert color="orange" role="alert" p="xs">
          The link’s dates were not used. {rangeProblem} Every date is shown instead.
        </Alert>
      ) : null}
    </Stack>
  );
}
