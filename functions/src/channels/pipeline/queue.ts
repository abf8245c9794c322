// The answer queue: Cloud Tasks through firebase-admin's task queue client (the onTaskDispatched function
// `channelAnswer`; locally the Functions emulator's Cloud Tasks emulator, which the admin SDK finds through
// CLOUD_TASKS_EMULATOR_HOST). The composition hands it to the webhooks (InboundDeps); tests and benches pass an
// in-process queue instead.
import { getFunctions, type TaskQueue } from 'firebase-admin/functions';
import { taskQueueApp } from '../../adapters/task-queue-app';
import type { AnswerTask } from './events';

/** The task-queue function's name (functions/src/index.ts exports it under this name). */
export const ANSWER_QUEUE = 'channelAnswer';
/** How long one attempt may take (the LLM's own deadline is 30 s). */
export const ANSWER_DEADLINE_SECONDS = 120;

export interface AnswerQueue {
  /** Enqueues the task once: `id` names it, so enqueuing the same id again is a no-op. */
  enqueue(task: AnswerTask, id: string): Promise<void>;
}

let queue: TaskQueue<AnswerTask> | null = null;

/** Cloud Tasks: the platform's answer queue. */
export const cloudTasksAnswerQueue: AnswerQueue = {
  async enqueue(task, id) {
    queue ??= getFunctions(taskQueueApp()).taskQueue<AnswerTask>(ANSWER_QUEUE);
    try {
      await queue.enqueue(task, { id, dispatchDeadlineSeconds: ANSWER_DEADLINE_SECONDS });
    } catch (error) {
      // The same id enqueued before (a provider retry racing a slow first delivery): it runs once.
      if ((error as { code?: string }).code === 'functions/task-already-exists') return;
      throw error;
    }
  },
};

/** What the channels' webhooks are given by the composition: the queue their messages' answers go on (read per request). */
export interface InboundDeps {
  answerQueue: AnswerQueue;
}
