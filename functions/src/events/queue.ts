// Where delivery attempts wait (adapters/background-queue.ts): Cloud Tasks, the task-queue function
// `eventDelivery`, or this process where there is no Cloud Tasks. Each attempt is its own task, named by delivery
// and attempt, so an attempt enqueued twice runs once.
import type { Region } from '@parley/core';
import { cloudTasksQueue, inProcessQueue, type BackgroundQueue } from '../adapters/background-queue';

export { hasCloudTasks } from '../adapters/background-queue';

/** The task-queue function's name (functions/src/index.ts exports it under this name). */
export const DELIVERY_QUEUE = 'eventDelivery';
/** One attempt waits at most 5 s for the receiver; the rest is Firestore. */
export const DELIVERY_DEADLINE_SECONDS = 60;

export interface DeliveryTask {
  region: Region;
  workspaceId: string;
  deliveryId: string;
  /** 1 for the first try. */
  attempt: number;
}

export type DeliveryQueue = BackgroundQueue<DeliveryTask>;

const idOf = (task: DeliveryTask) => `${task.deliveryId}-${task.attempt}`;

export const cloudTasksDeliveryQueue = (): DeliveryQueue => cloudTasksQueue<DeliveryTask & Record<string, unknown>>(DELIVERY_QUEUE, idOf, DELIVERY_DEADLINE_SECONDS);

/** Attempts run in this process after their delay; `drain` waits for every one started so far (tests). */
export const inProcessDeliveryQueue = (run: (task: DeliveryTask) => Promise<void>) => inProcessQueue(run, idOf, 'events');
