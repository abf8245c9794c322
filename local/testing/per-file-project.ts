/**
 * Vitest setup file: each test file gets its own demo project on the shared emulator, so files never
 * see each other's documents and can run in parallel. `demo-` ids are emulator-only by Firebase's rule.
 * firebase-admin reads GCLOUD_PROJECT when a file first initialises its app.
 *
 * The projects that use it run with `isolate: false`, after fresh-file.ts: one worker runs many files, so the
 * previous file's firebase-admin apps are deleted first, and the next getApps()[0] ?? initializeApp() opens this
 * file's project.
 */
import { randomBytes } from 'node:crypto';
import { deleteApp, getApps } from 'firebase-admin/app';
import { inject } from 'vitest';

await Promise.all(getApps().map((app) => deleteApp(app).catch(() => undefined)));

process.env.GCLOUD_PROJECT = `demo-t${randomBytes(5).toString('hex')}`;
process.env.FIRESTORE_EMULATOR_HOST = inject('firestoreEmulator');
