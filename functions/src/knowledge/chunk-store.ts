// Chunks live under their document: voiceglow/{agentId}/kb/{docId}/chunks/{docId}_{n} = { text, index, docId, agentId, name }.
import { paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';

export const CHUNKS_COLLECTION = 'chunks';
const BATCH_SIZE = 400;

export interface StoredChunk {
  id: string;
  text: string;
  index: number;
  docId: string;
  agentId: string;
  name: string;
}

export const chunksPath = (agentId: string, docId: string) => `${paths.kbDoc(agentId, docId)}/${CHUNKS_COLLECTION}`;
export const chunkId = (docId: string, index: number) => `${docId}_${index}`;

export function toStoredChunks(agentId: string, docId: string, name: string, texts: string[]): StoredChunk[] {
  return texts.map((text, index) => ({ id: chunkId(docId, index), text, index, docId, agentId, name }));
}

/** Writes the chunks and deletes the ones a previous version had beyond the new count. */
export async function writeChunks(db: Firestore, chunks: StoredChunk[], agentId: string, docId: string, previousIds: string[]): Promise<void> {
  const keep = new Set(chunks.map((c) => c.id));
  const stale = previousIds.filter((id) => !keep.has(id));
  const ops: Array<(batch: FirebaseFirestore.WriteBatch) => void> = [
    ...chunks.map((c) => (batch: FirebaseFirestore.WriteBatch) => batch.set(db.doc(`${chunksPath(agentId, docId)}/${c.id}`), c)),
    ...stale.map((id) => (batch: FirebaseFirestore.WriteBatch) => batch.delete(db.doc(`${chunksPath(agentId, docId)}/${id}`))),
  ];
  await runBatched(db, ops);
}

export async function deleteAllChunks(db: Firestore, agentId: string, docId: string, knownIds: string[] = []): Promise<void> {
  const listed = await db.collection(chunksPath(agentId, docId)).select().get();
  const ids = new Set([...knownIds, ...listed.docs.map((d) => d.id)]);
  await runBatched(db, [...ids].map((id) => (batch: FirebaseFirestore.WriteBatch) => batch.delete(db.doc(`${chunksPath(agentId, docId)}/${id}`))));
}

export async function listAgentChunks(db: Firestore, agentId: string): Promise<StoredChunk[]> {
  const snap = await db.collectionGroup(CHUNKS_COLLECTION).where('agentId', '==', agentId).get();
  return snap.docs.map((d) => d.data() as StoredChunk);
}

async function runBatched(db: Firestore, ops: Array<(batch: FirebaseFirestore.WriteBatch) => void>): Promise<void> {
  const commits: Promise<unknown>[] = [];
  for (let i = 0; i < ops.length; i += BATCH_SIZE) {
    const batch = db.batch();
    for (const op of ops.slice(i, i + BATCH_SIZE)) op(batch);
    commits.push(batch.commit());
  }
  await Promise.all(commits);
}
