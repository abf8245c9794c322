// What the events feature needs, handed in by the composition (tests pass their own queue, mailer and delays).
import { eventsApi, type Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { databaseFor } from '../adapters/firestore';
import { sendMail, type OutgoingMail } from '../adapters/mailer';
import { platformLogs, type LogsDeps } from '../logs';
import { attemptDelivery } from './attempt';
import { cloudTasksDeliveryQueue, hasCloudTasks, inProcessDeliveryQueue, type DeliveryQueue } from './queue';

export interface EventsDeps {
  db: (region: Region) => Firestore;
  queue: DeliveryQueue;
  /** Where failures are logged (the workspace's logs). */
  logs: LogsDeps;
  mail: (mail: OutgoingMail) => Promise<string>;
  now: () => number;
  /** The wait before each retry; its length + 1 is the number of attempts. */
  retryDelaysSeconds: readonly number[];
}

/** The production events: Cloud Tasks where there is one, Resend, the platform's delays. */
export function platformEvents(): EventsDeps {
  const deps: EventsDeps = {
    db: databaseFor,
    queue: hasCloudTasks() ? cloudTasksDeliveryQueue() : inProcessDeliveryQueue((task) => attemptDelivery(deps, task)),
    logs: platformLogs(),
    mail: sendMail,
    now: Date.now,
    retryDelaysSeconds: eventsApi.EVENT_RETRY_DELAYS_SECONDS,
  };
  return deps;
}
