// An agent's daily rollups for a range of days (voiceglow/{agentId}/rollups, read as the rules allow: members, clients
// with '/analytics', the agency admin), live: a chart reads one document per day whatever the traffic.
import { agentDailyRollupSchema, lastDays, payerDailyRollupSchema, type AgentDailyRollup, type PayerDailyRollup } from '@parley/core';
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
  const { from, to } = useMemo(() => lastDays(Date.now(), days), [days]);
  return { from, to, live: useAgentRollupsBetween(agentId, from, to) };
}

/** The agent's rollup documents of the days from..to (YYYY-MM-DD, both included), live. */
export function useAgentRollupsBetween(agentId: string, from: string, to: string): Live<AgentDailyRollup[]> {
  const db = useFirestore();
  const rollups = useMemo(
    () => query(collection(db, 'voiceglow', agentId, 'rollups'), where('day', '>=', from), where('day', '<=', to), orderBy('day')),
    [db, agentId, from, to],
  );
  return useLiveCollection(rollups, parseRows);
}

const parsePayerRows = (rows: LiveRow[]): PayerDailyRollup[] =>
  rows.flatMap((row) => {
    const parsed = payerDailyRollupSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });

/** Who pays for the agents' usage: the workspace (users/{uid}) or an org with billing on (orgs/{orgId}). */
export type PayerRef = { kind: 'workspace'; uid: string } | { kind: 'org'; orgId: string };

/**
 * The payer's daily credits (users/{uid}/rollups or orgs/{orgId}/rollups, as the rules allow: the workspace's owner
 * and members; the org's admins and the agency's owner) for the days of the preset ending today, live.
 */
export function usePayerRollups(payer: PayerRef, days: number): { from: string; to: string; live: Live<PayerDailyRollup[]> } {
  const db = useFirestore();
  const { from, to } = useMemo(() => lastDays(Date.now(), days), [days]);
  const id = payer.kind === 'org' ? payer.orgId : payer.uid;
  const rollups = useMemo(
    () =>
      payer.kind === 'org'
        ? query(collection(db, 'orgs', id, 'rollups'), where('day', '>=', from), where('day', '<=', to), orderBy('day'))
        : query(collection(db, 'users', id, 'rollups'), where('day', '>=', from), where('day', '<=', to), orderBy('day')),
    [db, payer.kind, id, from, to],
  );
  return { from, to, live: useLiveCollection(rollups, parsePayerRows) };
}

