/**
 * Vitest setup file: each test file gets its own demo project on the shared emulator, so files never
 * see each other's documents and can run in parallel. `demo-` ids are emulator-only by Firebase's rule.
 * firebase-admin reads GCLOUD_PROJECT when a file first initialises its app.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

process.env.GCLOUD_PROJECT = `demo-t${randomBytes(5).toString('hex')}`;
process.env.FIRESTORE_EMULATOR_HOST = inject('firestoreEmulator');
