// The filter row of a list (Chats, Leads): search, a date range and a channel, and optionally Chats' status and
// lead filters. Every control has its label; the values are the URL's (lib/list-filters.ts).
import { Group, Select, TextInput } from '@mantine/core';
import { CHAT_STATUSES, LISTED_CHANNELS, type ChatStatus, type LeadPresence, type ListedChannel, type ListFilters } from '@parley/core';
import { useEffect, useState } from 'react';

export const CHANNEL_LABELS: Record<ListedChannel, string> = {
  widget: 'Web widget', api: 'API', telegram: 'Telegram', discord: 'Discord', whatsapp: 'WhatsApp', messenger: 'Messenger', instagram: 'Instagram',
};
const STATUS_LABELS: Record<ChatStatus, string> = { open: 'Open', handedOff: 'Handed off', ended: 'Ended' };

export interface ListFilterBarProps {
  filters: ListFilters;
  onChange(next: ListFilters): void;
  searchLabel: string;
  searchPlaceholder: string;
  /** Chats: the status and lead filters too. */
  chatFilters?: boolean;
}

export function ListFilterBar({ filters, onChange, searchLabel, searchPlaceholder, chatFilters = false }: ListFilterBarProps) {
  // The search box is applied when the typing pauses, not on every key (each search is a query).
  const [term, setTerm] = useState(filters.q ?? '');
  useEffect(() => setTerm(filters.q ?? ''), [filters.q]);
  useEffect(() => {
    if (term.trim() === (filters.q ?? '')) return;
    const timer = setTimeout(() => onChange({ ...filters, q: term.trim() || undefined }), 350);
    return () => clearTimeout(timer);
  }, [term, filters, onChange]);
  const set = (patch: Partial<ListFilters>) => onChange({ ...filters, ...patch });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput label={searchLabel} placeholder={searchPlaceholder} value={term} onChange={(e) => setTerm(e.currentTarget.value)} w={240} />
      <TextInput type="date" label="From" value={filters.from ?? ''} onChange={(e) => set({ from: e.currentTarget.value || undefined })} w={160} />
      <TextInput type="date" label="To" value={filters.to ?? ''} onChange={(e) => set({ to: e.currentTarget.value || undefined })} w={160} />
      <Select
        label="Channel"
        placeholder="All channels"
        clearable
        w={160}
        value={filters.channel ?? null}
        data={LISTED_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))}
        onChange={(v) => set({ channel: (v as ListedChannel | null) ?? undefined })}
      />
      {chatFilters && (
        <>
          <Select
            label="Status"
            placeholder="Any status"
            clearable
            w={150}
            value={filters.status ?? null}
            data={CHAT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            onChange={(v) => set({ status: (v as ChatStatus | null) ?? undefined })}
          />
          <Select
            label="Lead"
            placeholder="With or without"
            clearable
            w={150}
            value={filters.lead ?? null}
            data={[{ value: 'with', label: 'With a lead' }, { value: 'without', label: 'Without a lead' }]}
            onChange={(v) => set({ lead: (v as LeadPresence | null) ?? undefined })}
          />
        </>
      )}
    </Group>
  );
}
