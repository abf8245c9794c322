// What Home reads, live: the agent's last 14 days of rollups (this week against last week) and its latest five
// conversations and leads. Each read is its own listener, so a client whose access lacks a page (its rules deny the
// read) still sees the rest.
import {
  agentDailyRollupSchema, lastDays, storedConversationSchema, storedLeadSchema,
  type AgentDailyRollup, type Conversation, type Lead,
} from '@parley/core';
import { collection, limit, orderBy, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { useFirestore } from 'reactfire';
import { useLiveCollection, type LiveRow } from '../../lib/live-data';

export const LATEST = 5;

const parsedWith = <T,>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }) => (rows: LiveRow[]): T[] =>
  rows.flatMap((row) => {
    const parsed = schema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
const toRollups = parsedWith<AgentDailyRollup>(agentDailyRollupSchema);
const toConversations = parsedWith<Conversation>(storedConversationSchema);
const toLeads = parsedWith<Lead>(storedLeadSchema);

export interface WeekFigures {
  conversations: number;
  leads: number;
  credits: number;
}

/** This week's (the last 7 days with today) and last week's (the 7 before) figures. */
export function weeks(days: readonly AgentDailyRollup[], thisWeekFrom: string): { thisWeek: WeekFigures; lastWeek: WeekFigures } {
  const add = (list: readonly AgentDailyRollup[]): WeekFigures => ({
    conversations: list.reduce((s, d) => s + d.conversations, 0),
    leads: list.reduce((s, d) => s + d.leads, 0),
    credits: list.reduce((s, d) => s + d.credits, 0),
  });
  return { thisWeek: add(days.filter((d) => d.day >= thisWeekFrom)), lastWeek: add(days.filter((d) => d.day < thisWeekFrom)) };
}

export function useHomeData(agentId: string) {
  const db = useFirestore();
  const range = useMemo(() => ({ fortnight: lastDays(Date.now(), 14), week: lastDays(Date.now(), 7) }), []);
  const rollups = useLiveCollection(
    useMemo(() => query(collection(db, 'voiceglow', agentId, 'rollups'), where('day', '>=', range.fortnight.from), orderBy('day')), [db, agentId, range]),
    toRollups,
  );
  const conversations = useLiveCollection(
    useMemo(() => query(collection(db, 'voiceglow', agentId, 'conversations'), orderBy('lastMessageAt', 'desc'), limit(LATEST)), [db, agentId]),
    toConversations,
  );
  const leads = useLiveCollection(
    useMemo(() => query(collection(db, 'voiceglow', agentId, 'leads'), orderBy('createdAt', 'desc'), limit(LATEST)), [db, agentId]),
    toLeads,
  );
  return { rollups, conversations, leads, thisWeekFrom: range.week.from };
}
