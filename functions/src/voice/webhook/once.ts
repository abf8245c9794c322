// voiceEvents/{callId}_{type}[_{key}]: each provider event is processed once. The first delivery creates the document
// (precondition: it does not exist) and records its answer; a repeat gets the recorded answer without processing.
// A delivery whose processing failed deletes its document, so a retry (or a later read-back) processes it.
// assistant-request keeps the same document but claims it in the transaction that admits the call (assistant-request.ts).
import { createHash } from 'node:crypto';
import { voicePaths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';

export function eventId(callId: string, type: string, key = ''): string {
  const base = `${callId}_${type}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 400);
  return key ? `${base}_${createHash('sha256').update(key).digest('base64url').slice(0, 22)}` : base;
}

export async function once<T extends object>(db: Firestore, id: string, now: number, work: () => Promise<T>, repeat: T): Promise<T> {
  const ref = db.doc(voicePaths.voiceEvent(id));
  try {
    await ref.create({ receivedAt: now, state: 'processing' });
  } catch (error) {
    if ((error as { code?: number }).code !== 6) throw error;
    const answer = (await ref.get()).get('answer') as T | undefined;
    return answer ?? repeat;
  }
  try {
    const answer = await work();
    await ref.update({ state: 'done', answer });
    return answer;
  } catch (error) {
    await ref.delete().catch(() => undefined);
    throw error;
  }
}
