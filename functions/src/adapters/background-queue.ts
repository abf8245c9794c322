// Work done off the request path, one task at a time: Cloud Tasks (a task-queue function of the given name; locally
// the Functions emulator's Cloud Tasks emulator, which dispatches at once whatever the delay), or, where there is no
// Cloud Tasks (tests, scripts), this process with timers. Each task has an id (`idOf`), so a task enqueued twice
// runs once.
import { getFunctions, type TaskQueue } from 'firebase-admin/functions';
import { onTaskDispatched, type TaskQueueOptions } from 'firebase-functions/tasks';
import type { z } from 'zod';
import { taskQueueApp } from './task-queue-app';

export interface BackgroundQueue<T> {
  enqueue(task: T, delaySeconds: number): Promise<void>;
}

export function cloudTasksQueue<T extends Record<string, unknown>>(name: string, idOf: (task: T) => string, deadlineSeconds: number): BackgroundQueue<T> {
  let queue: TaskQueue<T> | null = null;
  return {
    async enqueue(task, delaySeconds) {
      queue ??= getFunctions(taskQueueApp()).taskQueue<T>(name);
      try {
        await queue.enqueue(task, { id: idOf(task), scheduleDelaySeconds: delaySeconds, dispatchDeadlineSeconds: deadlineSeconds });
      } catch (error) {
        if ((error as { code?: string }).code === 'functions/task-already-exists') return;
        throw error;
      }
    },
  };
}

/** Tasks run in this process after their delay; `drain` waits for every one started so far (tests). */
export function inProcessQueue<T>(run: (task: T) => Promise<void>, idOf: (task: T) => string, label: string): BackgroundQueue<T> & { drain(): Promise<void> } {
  const running = new Set<Promise<void>>();
  const seen = new Set<string>();
  return {
    async enqueue(task, delaySeconds) {
      const id = idOf(task);
      if (seen.has(id)) return;
      seen.add(id);
      const p = new Promise<void>((resolve) => setTimeout(resolve, delaySeconds * 1000))
        .then(() => run(task))
        .catch((error: unknown) => console.error(`[${label}] background task failed:`, error instanceof Error ? error.message : error));
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

/**
 * The task-queue function that runs one task of `schema`. A task that does not parse can never succeed, so it is
 * dropped (a 2xx, logged under `label`) rather than retried; any other failure is the queue's to retry.
 */
export function backgroundTaskFunction<S extends z.ZodType>(options: TaskQueueOptions, schema: S, label: string, run: (task: z.output<S>) => Promise<void>) {
  return onTaskDispatched(options, async (request) => {
    const task = schema.safeParse(request.data);
    if (!task.success) {
      console.error(`[${label}] malformed task dropped`);
      return;
    }
    await run(task.data);
  });
}
