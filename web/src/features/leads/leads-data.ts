// An agent's leads (voiceglow/{agentId}/leads, read as the rules allow: members, clients with '/leads', the agency
// admin), newest first, a page at a time; the filters are the URL's. Paging is by time: the next page is what was
// created before the last row shown. A search term matches a lead's searchTerms (core's leadSearchTerms).
import { collection, getDocs, limit, orderBy, query, where, type Firestore } from 'firebase/firestore';
import {
  leadSearchTerm, leadsApi, LISTED_CHANNELS, storedLeadSchema, type CallableInput, type Lead, type ListFilters,
} from '@parley/core';
import { callFunction } from '../../lib/functions';
import { timeRange } from '../../lib/list-filters';

export const LEADS_PAGE_SIZE = 25;
/** The most rows one export holds. */
export const LEADS_EXPORT_MAX = 10_000;

export interface LeadsWindow {
  filters: ListFilters;
  /** Only leads created before this time (unix ms): the previous page's last row, or the range's end. */
  before: number;
  size: number;
}

/** The Firestore query of one window of leads. */
export function leadsQuery(db: Firestore, agentId: string, { filters, before, size }: LeadsWindow) {
  const leads = collection(db, 'voiceglow', agentId, 'leads');
  const channels = filters.channel ? [filters.channel] : [...LISTED_CHANNELS];
  const { from, to } = timeRange(filters);
  const upper = Math.min(before, to);
  return filters.q
    ? query(leads, where('searchTerms', 'array-contains', leadSearchTerm(filters.q)), where('channel', 'in', channels), where('createdAt', '>=', from), where('createdAt', '<', upper), orderBy('createdAt', 'desc'), limit(size))
    : query(leads, where('channel', 'in', channels), where('createdAt', '>=', from), where('createdAt', '<', upper), orderBy('createdAt', 'desc'), limit(size));
}

/** The leads of a window, parsed (a document that is not a lead is left out). */
export async function fetchLeads(db: Firestore, agentId: string, window: LeadsWindow): Promise<Lead[]> {
  const snap = await getDocs(leadsQuery(db, agentId, window));
  return snap.docs.flatMap((d) => {
    const parsed = storedLeadSchema.safeParse({ ID: d.id, ...d.data() });
    return parsed.success ? [parsed.data] : [];
  });
}

export function deleteLead(input: CallableInput<typeof leadsApi.deleteLead>) {
  return callFunction(leadsApi.deleteLead, input);
}
