// The answer queue: Cloud Tasks through firebase-admin's task queue client (the onTaskDispatched function
// `channelAnswer`; locally the Functions emulator's Cloud Tasks emulator, which the admin SDK finds through
// CLOUD_TASKS_EMULATOR_HOST). The composition hands it to the webhooks (InboundDeps); tests and benches pass an
// in-process queue instead.
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFunctions, type TaskQueue } from 'firebase-admin/functions';
import type { AnswerTask } from './events';

/** The task-queue function's name (functions/src/index.ts exports it under this name). */
export const ANSWER_QUEUE = 'channelAnswer';
/** How long one attempt may take (the LLM's own deadline is 30 s). */
export const ANSWER_DEADLINE_SECONDS = 120;

export interface AnswerQueue {
  /** Enqueues the task once: `id` names it, so enqueuing the same id again is a no-op. */
  enqueue(task: AnswerTask, id: string): Promise<void>;
}

const EMULATOR_APP = 'channels-task-queue';

/**
 * The app that enqueues. Against the Cloud Tasks emulator it names its service account itself: the admin SDK
 * otherwise looks the account up on every enqueue (there is no metadata server locally, and a failed lookup is not
 * remembered), which cost about a second per webhook.
 */
function enqueuingApp(): App {
  if (process.env.CLOUD_TASKS_EMULATOR_HOST) {
    return (
      getApps().find((a) => a.name === EMULATOR_APP) ??
      initializeApp({ projectId: process.env.GCLOUD_PROJECT, serviceAccountId: 'emulated-service-acct@email.com' }, EMULATOR_APP)
    );
  }
  return getApps()[0] ?? initializeApp();
}

let queue: TaskQueue<AnswerTask> | null = null;

/** Cloud Tasks: the platform's answer queue. */
export const cloudTasksAnswerQueue: AnswerQueue = {
  async enqueue(task, id) {
    queue ??= getFunctions(enqueuingApp()).taskQueue<AnswerTask>(ANSWER_QUEUE);
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
