// kb documents: voiceglow/{agentId}/kb/{docId} with the document fields and the source fields
// (sourceType, url, refreshRate, status, error, charCount, chunkIds, lastRefreshTS, contentURL, fileType).
import { paths, VG_MAX_CHUNK_SIZE_DEFAULT, type knowledgeApi } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';

/** Longest text kept on the kb document itself (Firestore documents stop at 1 MiB); chunks hold all of it. */
export const KB_DOC_CONTENT_MAX_CHARS = 200_000;

/** voiceglow/{agentId}/kb/{docId}: core's knowledgeApi.knowledgeDocumentSchema. */
export type KbDoc = knowledgeApi.KnowledgeDocument;

/** What lists show: everything but the (possibly large) content and chunk ids. */
export type KbDocSummary = knowledgeApi.KnowledgeSourceSummary;

export function summarize(doc: KbDoc): KbDocSummary {
  const { content: _content, chunkIds, ...rest } = doc;
  return { ...rest, chunkCount: chunkIds?.length ?? 0 };
}

export async function readKbDoc(db: Firestore, agentId: string, docId: string): Promise<KbDoc | null> {
  const snap = await db.doc(paths.kbDoc(agentId, docId)).get();
  return snap.exists ? ({ ID: docId, chunkIds: [], ...snap.data() } as unknown as KbDoc) : null;
}

export async function listKbDocs(db: Firestore, agentId: string): Promise<KbDocSummary[]> {
  const snap = await db.collection(paths.kb(agentId)).get();
  return snap.docs
    .map((d) => summarize({ ID: d.id, chunkIds: [], ...d.data() } as unknown as KbDoc))
    .sort((a, b) => (b.ts ?? 0) - (a.ts ?? 0));
}

export async function agentMaxChunkSize(db: Firestore, agentId: string): Promise<number> {
  const snap = await db.doc(paths.agent(agentId)).get();
  const size = snap.get('vgOptions.maxChunkSize');
  return typeof size === 'number' && size > 0 ? size : VG_MAX_CHUNK_SIZE_DEFAULT;
}

/** charCount and docsNum on the agent are the sums over its kb documents. */
export async function refreshAgentKbStats(db: Firestore, agentId: string): Promise<{ charCount: number; docsNum: number }> {
  const snap = await db.collection(paths.kb(agentId)).select('charCount').get();
  const charCount = snap.docs.reduce((sum, d) => sum + (Number(d.get('charCount')) || 0), 0);
  const stats = { charCount, docsNum: snap.size };
  await db.doc(paths.agent(agentId)).set(stats, { merge: true });
  return stats;
}
