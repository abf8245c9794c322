// One attempt at a delivery (the task-queue function runs it): signed anew with the workspace's signing secret at
// the time of the attempt, POSTed through the safe fetch, recorded on the delivery (status, time, the start of
// the answer). A failed attempt queues the next after its delay; after the last, the delivery is failed and
// giveUp tells the workspace. An attempt that was recorded already (a task run twice) does nothing.
import { eventsApi } from '@parley/core';
import { SafeFetchError } from '../safe-fetch';
import { deliver } from './deliver';
import type { EventsDeps } from './deps';
import { giveUp, markDelivered } from './give-up';
import type { DeliveryTask } from './queue';
import { webhookHeaders } from './signature';
import { ensureSigningSecret } from './signing-secret';
import { deliveryFilters, deliveryPath, storedDeliverySchema, type StoredDelivery } from './deliveries';

const excerptOf = (body: Buffer) => body.subarray(0, eventsApi.EVENT_RESPONSE_EXCERPT_CHARS * 4).toString('utf8').slice(0, eventsApi.EVENT_RESPONSE_EXCERPT_CHARS);

async function tryOnce(deps: EventsDeps, task: DeliveryTask, delivery: StoredDelivery): Promise<eventsApi.DeliveryAttempt> {
  const at = deps.now();
  try {
    const secret = await ensureSigningSecret(deps.db(task.region), task.workspaceId);
    const headers = { 'content-type': 'application/json', ...webhookHeaders(secret, task.deliveryId, delivery.body, Math.floor(at / 1000)) };
    const res = await deliver(delivery.endpoint, { headers, body: delivery.body });
    return { at, status: res.status, ok: res.ok, excerpt: excerptOf(res.body) };
  } catch (error) {
    // Our own sentence only (safe fetch's), never the network's error text.
    return { at, status: 0, ok: false, excerpt: error instanceof SafeFetchError ? error.message : 'The endpoint could not be reached.' };
  }
}

export async function attemptDelivery(deps: EventsDeps, task: DeliveryTask): Promise<void> {
  const db = deps.db(task.region);
  const ref = db.doc(deliveryPath(task.workspaceId, task.deliveryId));
  const first = await ref.get();
  if (!first.exists) return;
  const delivery = storedDeliverySchema.parse(first.data());
  if (delivery.status !== 'pending' || delivery.attempts.length !== task.attempt - 1) return;

  const attempt = await tryOnce(deps, task, delivery);
  const last = task.attempt > deps.retryDelaysSeconds.length;
  const delay = deps.retryDelaysSeconds[task.attempt - 1] ?? 0;
  const status: eventsApi.EventDeliveryStatus = attempt.ok ? 'delivered' : last ? 'failed' : 'pending';
  const recorded = await db.runTransaction(async (tx) => {
    const current = storedDeliverySchema.parse((await tx.get(ref)).data());
    if (current.status !== 'pending' || current.attempts.length !== task.attempt - 1) return false;
    tx.update(ref, { attempts: [...current.attempts, attempt], status, ...deliveryFilters({ type: current.type, status }), nextAttemptAt: status === 'pending' ? attempt.at + delay * 1000 : null });
    return true;
  });
  if (!recorded) return;
  if (status === 'pending') await deps.queue.enqueue({ ...task, attempt: task.attempt + 1 }, delay);
  else if (status === 'delivered') await markDelivered(deps, task);
  else await giveUp(deps, task, delivery, attempt);
}
