// The task-queue function that answers channel messages (Cloud Tasks; locally the Functions emulator's Cloud Tasks
// emulator). Retries with backoff: a failed attempt (LLM down, provider 5xx) runs again, and the event document
// makes sure a reply is produced and charged once.
import { regionSchema } from '@parley/core';
import { z } from 'zod';
import { backgroundTaskFunction } from '../../adapters/background-queue';
import { RUNTIME_SECRETS } from '../../adapters/llm/settings';
import { RESEND_API_KEY } from '../../adapters/mailer';
import { answerEvent, type PipelineDeps } from './answer';
import { ANSWER_DEADLINE_SECONDS } from './queue';

const id = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);
const taskSchema = z.object({ region: regionSchema, eventId: id, thread: z.object({ agentId: id, key: id }).optional() });

/** The task function, answering with the composition's engine and senders. */
export const channelAnswerTask = (deps: PipelineDeps) => backgroundTaskFunction(
  {
    retryConfig: { maxAttempts: 5, minBackoffSeconds: 2, maxBackoffSeconds: 60, maxDoublings: 4 },
    rateLimits: { maxConcurrentDispatches: 100, maxDispatchesPerSecond: 200 },
    timeoutSeconds: ANSWER_DEADLINE_SECONDS,
    // The LLM key, and Resend's for the new-conversation e-mails to the agent's clients.
    secrets: [...RUNTIME_SECRETS, RESEND_API_KEY],
  },
  taskSchema,
  'channels',
  (task) => answerEvent(deps, task),
);
