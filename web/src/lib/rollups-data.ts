// An agent's daily rollups for a range of days (voiceglow/{agentId}/rollups, read as the rules allow: members, clients
// with '/analytics', the agency admin), live: a chart reads one document per day whatever the traffic.
import { agentDailyRollupSchema, lastDays, type AgentDailyRollup } from '@parley/core';
import { collection, orderBy, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { useFirestore } from 'reactfire';
import { useLiveCollection, type Live, type LiveRow } from './live-data';

/** The date presets: label and number of days. */
export const RANGE_PRESETS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '91', label: '3 months' },
  { value: '365', label: '1 year' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

const parseRows = (rows: LiveRow[]): AgentDailyRollup[] =>
  rows.flatMap((row) => {
    const parsed = agentDailyRollupSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });

/** The days of the preset ending today (UTC, as the rollups count) and their documents, live. */
export function useAgentRollups(agentId: string, days: number): { from: string; to: string; live: Live<AgentDailyRollup[]> } {
  const db = useFirestore();
  const { from, to } = useMemo(() => lastDays(Date.now(), days), [days]);
  const rollups = useMemo(
    () => query(collection(db, 'voiceglow', agentId, 'rollups'), where('day', '>=', from), where('day', '<=', to), orderBy('day')),
    [db, agentId, from, to],
  );
  return { from, to, live: useLiveCollection(rollups, parseRows) };
}
