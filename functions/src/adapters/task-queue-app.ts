// The firebase-admin app that enqueues Cloud Tasks. Against the Cloud Tasks emulator it names its service account
// itself: the admin SDK otherwise looks the account up on every enqueue (there is no metadata server locally, and a
// failed lookup is not remembered), which cost about a second per task.
import { getApps, initializeApp, type App } from 'firebase-admin/app';

const EMULATOR_APP = 'task-queue';

export function taskQueueApp(): App {
  if (process.env.CLOUD_TASKS_EMULATOR_HOST) {
    return (
      getApps().find((a) => a.name === EMULATOR_APP) ??
      initializeApp({ projectId: process.env.GCLOUD_PROJECT, serviceAccountId: 'emulated-service-acct@email.com' }, EMULATOR_APP)
    );
  }
  return getApps()[0] ?? initializeApp();
}
