// Outgoing workspace events: POST { type, payload } to the workspace's
// eventsEndpoint when the type is among its subscribedEvents. Never blocks or fails the caller.
import { paths } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { readWorkspaceSecret } from '../access';

const EVENT_TIMEOUT_MS = 5000;

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
    const workspaceSecret = await readWorkspaceSecret(db, uid);
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type, payload: { ...payload, createdAt: Date.now(), workspaceSecret } }),
      signal: AbortSignal.timeout(EVENT_TIMEOUT_MS),
    });
    if (!res.ok) console.warn(`[events] ${type} to ${new URL(endpoint).host} answered ${res.status}`);
    return res.ok;
  } catch (error) {
    console.warn(`[events] ${type} failed:`, error instanceof Error ? error.message : 'unknown error');
    return false;
  }
}
