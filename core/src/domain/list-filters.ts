// The filters of the Chats and Leads lists, kept in the page's URL so a link (a chart's click-through, a
// notification) opens the list already filtered: ?from=YYYY-MM-DD&to=YYYY-MM-DD&channel=&status=&lead=&q=.
// A value that is not one of the known ones is dropped, never an error: a stale link still opens the list.
import { CONVERSATION_CHANNELS, type Conversation } from '../schemas/conversation';
import type { Region } from '../region';
import { routes } from './routes';

/** The channels a listed conversation or lead can have (test chats are never listed). */
export const LISTED_CHANNELS = CONVERSATION_CHANNELS.filter((c): c is Exclude<Conversation['channel'], 'test'> => c !== 'test');
export type ListedChannel = (typeof LISTED_CHANNELS)[number];

/** Chats' status filter: open (recent, not handed off), handed off (a handoff was asked or taken), ended (idle). */
export const CHAT_STATUSES = ['open', 'handedOff', 'ended'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];
export const LEAD_PRESENCE = ['with', 'without'] as const;
export type LeadPresence = (typeof LEAD_PRESENCE)[number];

export interface ListFilters {
  /** First day, YYYY-MM-DD (the viewer's calendar). */
  from?: string;
  /** Last day, YYYY-MM-DD, included. */
  to?: string;
  channel?: ListedChannel;
  status?: ChatStatus;
  lead?: LeadPresence;
  /** The search box. */
  q?: string;
}

const FILTER_KEYS = ['from', 'to', 'channel', 'status', 'lead', 'q'] as const;

/** A real calendar day written YYYY-MM-DD. */
export function isDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCFullYear() === Number(m[1]) && date.getUTCMonth() === Number(m[2]) - 1 && date.getUTCDate() === Number(m[3]);
}

const oneOf = <T extends string>(list: readonly T[], value: string | null | undefined): T | undefined =>
  value && (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** The filters a URL's query holds (unknown or malformed values left out). */
export function parseListFilters(params: { get(key: string): string | null }): ListFilters {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const q = (params.get('q') ?? '').trim().slice(0, 200);
  const filters: ListFilters = {
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
    channel: oneOf(LISTED_CHANNELS, params.get('channel')),
    status: oneOf(CHAT_STATUSES, params.get('status')),
    lead: oneOf(LEAD_PRESENCE, params.get('lead')),
    ...(q ? { q } : {}),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as ListFilters;
}

/** The query string of the filters ('' when none), in a fixed order. */
export function listFiltersSearch(filters: ListFilters): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Chats of an agent, filtered (e.g. a chart's day: { from: day, to: day }). */
export const chatsLink = (region: Region, agentId: string, filters: ListFilters = {}): string => `${routes.agent(region, agentId, 'convos')}${listFiltersSearch(filters)}`;

/** Leads of an agent, filtered. */
export const leadsLink = (region: Region, agentId: string, filters: ListFilters = {}): string => `${routes.agent(region, agentId, 'leads')}${listFiltersSearch(filters)}`;
