// Where delivery attempts wait: Cloud Tasks (the task-queue function `eventDelivery`; locally the Functions
// emulator's Cloud Tasks emulator, which dispatches at once whatever the delay), or, where there is no Cloud Tasks
// (tests, scripts), this process with timers. Each attempt is its own task, named by delivery and attempt, so an
// attempt enqueued twice runs once.
import { getFunctions, type TaskQueue } from 'firebase-admin/functions';
import type { Region } from '@parley/core';
import { taskQueueApp } from '../adapters/task-queue-app';

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

export interface DeliveryQueue {
  enqueue(task: DeliveryTask, delaySeconds: number): Promise<void>;
}

export function cloudTasksDeliveryQueue(): DeliveryQueue {
  let queue: TaskQueue<DeliveryTask> | null = null;
  return {
    async enqueue(task, delaySeconds) {
      queue ??= getFunctions(taskQueueApp()).taskQueue<DeliveryTask>(DELIVERY_QUEUE);
      try {
        await queue.enqueue(task, { id: `${task.deliveryId}-${task.attempt}`, scheduleDelaySeconds: delaySeconds, dispatchDeadlineSeconds: DELIVERY_DEADLINE_SECONDS });
      } catch (error) {
        if ((error as { code?: string }).code === 'functions/task-already-exists') return;
        throw error;
      }
    },
  };
}

/** Attempts run in this process after their delay; `drain` waits for every one started so far (tests). */
export function inProcessDeliveryQueue(run: (task: DeliveryTask) => Promise<void>): DeliveryQueue & { drain(): Promise<void> } {
  const running = new Set<Promise<void>>();
  const seen = new Set<string>();
  return {
    async enqueue(task, delaySeconds) {
      const id = `${task.deliveryId}-${task.attempt}`;
      if (seen.has(id)) return;
      seen.add(id);
      const p = new Promise<void>((resolve) => setTimeout(resolve, delaySeconds * 1000))
        .then(() => run(task))
        .catch((error: unknown) => console.error('[events] delivery attempt failed:', error instanceof Error ? error.message : error));
      running.add(p);
      void p.finally(() => running.delete(p));
    },
    async drain() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

/** Cloud Tasks where there is one (deployed, or the emulator), this process elsewhere. */
export const hasCloudTasks = (): boolean => !!(process.env.CLOUD_TASKS_EMULATOR_HOST || process.env.K_SERVICE);
