// What follows a delivery's end. Delivered: the endpoint's run of failures is over. Failed (every attempt): the
// workspace's e-mails are told (subject "Failed to send event to {endpoint}", naming the endpoint and the HTTP
// status text), an error is logged in the workspace's logs, and after EVENT_DISABLE_AFTER_FAILED_DELIVERIES such
// deliveries in a row the endpoint is turned off and its owner told, so a dead endpoint stops costing attempts.
import { STATUS_CODES } from 'node:http';
import { eventsApi, paths } from '@parley/core';
import { FieldValue } from 'firebase-admin/firestore';
import { appendWorkspaceLog, workspaceEmailsOf } from '../logs';
import type { EventsDeps } from './deps';
import type { DeliveryTask } from './queue';
import { SETTINGS_FIELDS, settingsOf } from './settings';
import type { StoredDelivery } from './deliveries';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const statusTextOf = (attempt: eventsApi.DeliveryAttempt): string =>
  attempt.status === 0 ? attempt.excerpt : `${attempt.status} ${STATUS_CODES[attempt.status] ?? 'Unknown status'}`;

export async function markDelivered(deps: EventsDeps, task: DeliveryTask): Promise<void> {
  await deps.db(task.region).doc(paths.user(task.workspaceId)).set({ [SETTINGS_FIELDS.failedInARow]: 0 }, { merge: true });
}

function mailSafely(deps: EventsDeps, mail: Parameters<EventsDeps['mail']>[0]): Promise<void> {
  return deps.mail(mail).then(
    () => undefined,
    (error: unknown) => console.error('[events] failure e-mail not sent:', error instanceof Error ? error.message : error),
  );
}

export async function giveUp(deps: EventsDeps, task: DeliveryTask, delivery: StoredDelivery, attempt: eventsApi.DeliveryAttempt): Promise<void> {
  const db = deps.db(task.region);
  const userRef = db.doc(paths.user(task.workspaceId));
  const statusText = statusTextOf(attempt);
  const { workspace, disabledNow } = await db.runTransaction(async (tx) => {
    const data = (await tx.get(userRef)).data() ?? {};
    const failed = (typeof data[SETTINGS_FIELDS.failedInARow] === 'number' ? data[SETTINGS_FIELDS.failedInARow] : 0) + 1;
    const settings = settingsOf(data);
    const disable = failed >= eventsApi.EVENT_DISABLE_AFTER_FAILED_DELIVERIES && settings.enabled && settings.endpoint === delivery.endpoint;
    tx.set(userRef, {
      [SETTINGS_FIELDS.failedInARow]: FieldValue.increment(1),
      ...(disable ? { [SETTINGS_FIELDS.enabled]: false, [SETTINGS_FIELDS.disabledReason]: `Turned off after ${failed} deliveries in a row failed (last: ${statusText}).` } : {}),
    }, { merge: true });
    return { workspace: data, disabledNow: disable };
  });
  const to = workspaceEmailsOf(workspace);
  const endpoint = escapeHtml(delivery.endpoint);
  if (to.length > 0) {
    await mailSafely(deps, {
      to,
      subject: eventsApi.EVENT_MESSAGES.failureSubject(delivery.endpoint),
      html: `<p>We could not send the event <b>${escapeHtml(delivery.type)}</b> to ${endpoint}: the endpoint answered ${escapeHtml(statusText)} on every attempt (${deps.retryDelaysSeconds.length + 1}).</p><p>Open Events in your dashboard to see the attempts and replay it.</p>`,
    });
  }
  await appendWorkspaceLog(deps.logs, task.region, task.workspaceId, {
    type: 'error',
    channel: 'web',
    content: `Failed to send event ${delivery.type} to ${delivery.endpoint}: ${statusText}`,
    metadata: { eventType: delivery.type, payload: delivery.body, endpoint: delivery.endpoint, subscribedEvents: settingsOf(workspace).subscribedEvents, deliveryId: task.deliveryId },
  });
  const owner = typeof workspace.email === 'string' && workspace.email.includes('@') ? workspace.email : to[0];
  if (disabledNow && owner) {
    await mailSafely(deps, {
      to: [owner],
      subject: eventsApi.EVENT_MESSAGES.disabledSubject,
      html: `<p>Deliveries to ${endpoint} failed ${eventsApi.EVENT_DISABLE_AFTER_FAILED_DELIVERIES} times in a row, so we turned the endpoint off.</p><p>Fix the endpoint, then turn it on again in Events.</p>`,
    });
  }
}
