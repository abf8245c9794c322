// Raising an event: when the workspace wants it (an endpoint set and on, the type subscribed), a delivery is
// recorded and its first attempt queued; the request that raised the event never waits for the receiver.
// `emitWorkspaceEvent` is the one entry for every feature (leads, voice, billing …).
import { randomBytes } from 'node:crypto';
import { eventsApi, paths, type Region } from '@parley/core';
import type { EventsDeps } from './deps';
import { settingsOf, wantsEvent } from './settings';
import { deliveryFilters, deliveryPath, summaryOf, type StoredDelivery } from './deliveries';

export interface RaisedEvent {
  region: Region;
  workspaceId: string;
  type: eventsApi.EventType;
  payload: Record<string, unknown>;
}

const newDeliveryId = () => `msg_${randomBytes(15).toString('base64url')}`;

/** Writes the delivery (`create`: only if its id is new) and queues its first attempt. */
async function recordDelivery(deps: EventsDeps, region: Region, workspaceId: string, delivery: { type: string; endpoint: string; body: string }, id: string) {
  const stored: StoredDelivery = { ...delivery, status: 'pending', createdAt: deps.now(), attempts: [], nextAttemptAt: deps.now() };
  await deps.db(region).doc(deliveryPath(workspaceId, id)).create({ ...stored, ...deliveryFilters(stored) });
  await deps.queue.enqueue({ region, workspaceId, deliveryId: id, attempt: 1 }, 0);
  return summaryOf(id, stored);
}

/** Records a delivery of `body` to `endpoint` and queues its first attempt. */
export const startDelivery = (deps: EventsDeps, region: Region, workspaceId: string, delivery: { type: string; endpoint: string; body: string }) =>
  recordDelivery(deps, region, workspaceId, delivery, newDeliveryId());

/** The same for a delivery that may exist once (`onceId`): a second start sends nothing and answers null. */
async function startDeliveryOnce(deps: EventsDeps, region: Region, workspaceId: string, delivery: { type: string; endpoint: string; body: string }, onceId: string) {
  try {
    return await recordDelivery(deps, region, workspaceId, delivery, onceId);
  } catch (error) {
    // 6 (ALREADY_EXISTS): started before.
    if ((error as { code?: number }).code === 6) return null;
    throw error;
  }
}

/** The body every receiver gets: the type and the payload with its time (no secret of any kind). */
export const eventBody = (type: string, payload: Record<string, unknown>, now: number): string => JSON.stringify({ type, payload: { ...payload, createdAt: now } });

/**
 * Sends the event if the workspace wants it; the delivery's summary, or null when nothing is sent. Never throws: a
 * failure is written to the console and the caller goes on.
 */
export async function emitWorkspaceEvent(deps: EventsDeps, event: RaisedEvent, opts: { onceId?: string } = {}): Promise<eventsApi.DeliverySummary | null> {
  const { payload, ...rest } = event;
  const [sent] = await emitWorkspaceEvents(deps, { ...rest, payloads: [payload] }, { onceIds: opts.onceId ? [opts.onceId] : undefined });
  return sent ?? null;
}

/**
 * Several events of one type for one workspace (the messages one write stored …): its settings are read once, each
 * payload is its own delivery (`onceIds[i]` names the i-th when it may exist once). Never throws.
 */
export async function emitWorkspaceEvents(
  deps: EventsDeps,
  event: Omit<RaisedEvent, 'payload'> & { payloads: Array<Record<string, unknown>> },
  opts: { onceIds?: string[] } = {},
): Promise<Array<eventsApi.DeliverySummary | null>> {
  try {
    const snap = await deps.db(event.region).doc(paths.user(event.workspaceId)).get();
    if (!snap.exists) {
      console.warn(`[events] ${eventsApi.EVENT_MESSAGES.workspaceNotProvided}`);
      return [];
    }
    const settings = settingsOf(snap.data());
    if (!wantsEvent(settings, event.type)) return [];
    return await Promise.all(
      event.payloads.map((payload, i) => {
        const delivery = { type: event.type, endpoint: settings.endpoint, body: eventBody(event.type, payload, deps.now()) };
        const onceId = opts.onceIds?.[i];
        return onceId ? startDeliveryOnce(deps, event.region, event.workspaceId, delivery, onceId) : startDelivery(deps, event.region, event.workspaceId, delivery);
      }),
    );
  } catch (error) {
    console.warn(`[events] ${event.type} not sent:`, error instanceof Error ? error.message : 'unknown error');
    return [];
  }
}

/**
 * Events about an agent, sent to the agent's workspace: `workspaceId` when the caller holds it, else the agent's
 * owner read in the same region. Each payload gets the agent's id. Never throws.
 */
export async function emitAgentEvents(
  deps: EventsDeps,
  event: Omit<RaisedEvent, 'workspaceId' | 'payload'> & { agentId: string; workspaceId?: string; payloads: Array<Record<string, unknown>> },
  opts: { onceIds?: string[] } = {},
): Promise<Array<eventsApi.DeliverySummary | null>> {
  try {
    const owner: unknown = event.workspaceId ?? (await deps.db(event.region).doc(paths.agent(event.agentId)).get()).get('ownerID');
    if (typeof owner !== 'string' || !owner) return [];
    const payloads = event.payloads.map((payload) => ({ agentId: event.agentId, ...payload }));
    return await emitWorkspaceEvents(deps, { region: event.region, workspaceId: owner, type: event.type, payloads }, opts);
  } catch (error) {
    console.warn(`[events] ${event.type} not sent:`, error instanceof Error ? error.message : 'unknown error');
    return [];
  }
}

/** An event about an agent, sent to the agent's workspace (read from the agent in the same region). Never throws. */
export async function emitAgentEvent(
  deps: EventsDeps,
  event: Omit<RaisedEvent, 'workspaceId'> & { agentId: string; workspaceId?: string },
): Promise<eventsApi.DeliverySummary | null> {
  const { payload, ...rest } = event;
  const [sent] = await emitAgentEvents(deps, { ...rest, payloads: [payload] });
  return sent ?? null;
}
