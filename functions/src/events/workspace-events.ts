// Outgoing workspace events: POST { type, payload } to the workspace's eventsEndpoint when the type is among its
// subscribedEvents, signed (Parley-Signature: t=…,v1=HMAC-SHA256 with the workspace's events signing secret).
// The body carries no secret: whoever receives or logs a delivery learns nothing that opens our API. Never
// blocks or fails the caller.
import { eventsApi, paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { deliver } from './deliver';
import { signEvent } from './signature';
import { ensureSigningSecret } from './signing-secret';

export async function sendWorkspaceEvent(db: Firestore, uid: string, type: string, payload: Record<string, unknown>): Promise<boolean> {
  try {
    const snap = await db.doc(paths.user(uid)).get();
    if (!snap.exists) {
      console.warn('[events] Workspace not provided');
      return false;
    }
    const endpoint = snap.get('eventsEndpoint');
    const subscribed = snap.get('subscribedEvents');
    if (typeof endpoint !== 'string' || !endpoint || !Array.isArray(subscribed) || !subscribed.includes(type)) return false;
    const body = JSON.stringify({ type, payload: { ...payload, createdAt: Date.now() } });
    const signature = signEvent(await ensureSigningSecret(db, uid), body, Math.floor(Date.now() / 1000));
    const res = await deliver(endpoint, { headers: { 'content-type': 'application/json', [eventsApi.EVENT_SIGNATURE_HEADER]: signature }, body });
    if (!res.ok) console.warn(`[events] ${type} to ${new URL(endpoint).host} answered ${res.status}`);
    return res.ok;
  } catch (error) {
    console.warn(`[events] ${type} failed:`, error instanceof Error ? error.message : 'unknown error');
    return false;
  }
}
