// Knowledge-base callables (see functions/src/knowledge/README.md).
import { callFunction } from '../../lib/functions';
import type { Region } from '../../lib/region';

export const REFRESH_RATES = ['1h', '6h', '12h', '24h', '7d', 'never'] as const;
export type RefreshRate = (typeof REFRESH_RATES)[number];
export type SourceStatus = 'INITIALIZED' | 'PENDING' | 'SUCCESS' | 'ERROR';
export const KB_FILE_ACCEPT = '.txt,.md,.html,.pdf,.docx,.csv';
export const KB_FILE_MAX_MB = 10;

export interface KnowledgeSource {
  ID: string;
  name: string;
  ts: number;
  sourceType: 'doc' | 'url';
  fileType?: string;
  url?: string;
  contentURL?: string;
  refreshRate: RefreshRate;
  status: SourceStatus;
  error?: string;
  charCount: number;
  chunkCount: number;
  lastRefreshTS?: number;
}

export const kbKeys = { list: (region: Region, agentId: string) => ['kb', region, agentId] as const };

export async function listSources(region: Region, agentId: string): Promise<KnowledgeSource[]> {
  return (await callFunction<{ region: Region; agentId: string }, { sources: KnowledgeSource[] }>('listKnowledgeSources', { region, agentId })).sources;
}

export type AddSource =
  | { type: 'text'; name: string; text: string }
  | { type: 'file'; fileName: string; base64Payload: string }
  | { type: 'url'; url: string; refreshRate: RefreshRate };

export function addSource(region: Region, agentId: string, source: AddSource) {
  return callFunction<AddSource & { region: Region; agentId: string }, { docId: string; status: SourceStatus; error?: string }>('addKnowledgeSource', { ...source, region, agentId });
}

export function deleteSource(region: Region, agentId: string, docId: string) {
  return callFunction<{ region: Region; agentId: string; docId: string }, { deleted: string }>('deleteKnowledgeSource', { region, agentId, docId });
}

export function refreshSource(region: Region, agentId: string, docId: string) {
  return callFunction<{ region: Region; agentId: string; docId: string }, { status: SourceStatus }>('refreshKnowledgeSource', { region, agentId, docId });
}

/** Sources still being processed make the list poll. */
export const isBusy = (sources: KnowledgeSource[] | undefined) => !!sources?.some((s) => s.status === 'PENDING' || s.status === 'INITIALIZED');
