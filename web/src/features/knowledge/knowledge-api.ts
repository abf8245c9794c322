// The knowledge-base callables (knowledgeApi in @parley/core), for one agent.
import { KB_REFRESH_RATES, knowledgeApi, type CallableInput, type CallableOutput, type KbRefreshRate, type Region } from '@parley/core';
import { callFunction } from '../../lib/functions';

export const REFRESH_RATES = KB_REFRESH_RATES;
export type RefreshRate = KbRefreshRate;
export type KnowledgeSource = knowledgeApi.KnowledgeSourceSummary;
export type SourceStatus = KnowledgeSource['status'];
type AddSourceInput = CallableInput<typeof knowledgeApi.addKnowledgeSource>;
/** A new source: text, a file or a URL (the agent is given apart). */
export type AddSource = AddSourceInput extends infer T ? (T extends unknown ? Omit<T, 'region' | 'agentId'> : never) : never;

export const kbKeys = { list: (region: Region, agentId: string) => ['kb', region, agentId] as const };

export async function listSources(region: Region, agentId: string): Promise<KnowledgeSource[]> {
  return (await callFunction(knowledgeApi.listKnowledgeSources, { region, agentId })).sources;
}

export function addSource(region: Region, agentId: string, source: AddSource): Promise<CallableOutput<typeof knowledgeApi.addKnowledgeSource>> {
  return callFunction(knowledgeApi.addKnowledgeSource, { ...source, region, agentId } as AddSourceInput);
}

export function deleteSource(region: Region, agentId: string, docId: string) {
  return callFunction(knowledgeApi.deleteKnowledgeSource, { region, agentId, docId });
}

export function refreshSource(region: Region, agentId: string, docId: string) {
  return callFunction(knowledgeApi.refreshKnowledgeSource, { region, agentId, docId });
}

/** Sources still being processed make the list poll. */
export const isBusy = (sources: KnowledgeSource[] | undefined) => !!sources?.some((s) => s.status === 'PENDING' || s.status === 'INITIALIZED');
