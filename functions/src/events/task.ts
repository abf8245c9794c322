// The task-queue function that makes one delivery attempt (Cloud Tasks; locally the Functions emulator's Cloud
// Tasks emulator). Retries of a failed delivery are tasks of their own, queued with their delay by the attempt
// before; the queue's own retries only cover a run that crashed (Firestore unavailable), and a recorded attempt
// is never made twice.
import { regionSchema } from '@parley/core';
import { backgroundTaskFunction } from '../adapters/background-queue';
import { z } from 'zod';
import { RESEND_API_KEY } from '../adapters/mailer';
import { attemptDelivery } from './attempt';
import type { EventsDeps } from './deps';
import { DELIVERY_DEADLINE_SECONDS } from './queue';

const taskSchema = z.object({
  region: regionSchema,
  workspaceId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
  deliveryId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  attempt: z.number().int().min(1).max(50),
});

export const eventDeliveryTask = (deps: EventsDeps) => backgroundTaskFunction(
  {
    retryConfig: { maxAttempts: 5, minBackoffSeconds: 10, maxBackoffSeconds: 300, maxDoublings: 4 },
    rateLimits: { maxConcurrentDispatches: 200 },
    timeoutSeconds: DELIVERY_DEADLINE_SECONDS,
    secrets: [RESEND_API_KEY],
  },
  taskSchema,
  'events',
  (task) => attemptDelivery(deps, task),
);
