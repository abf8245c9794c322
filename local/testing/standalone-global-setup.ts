/**
 * Vitest global setup for a workspace's own config. Run from that workspace (`npx vitest run` in functions/, web/,
 * rules/ or local/), its tests are the whole run and it starts the Firestore emulator itself. Under the root config
 * (`npm test`, `npx vitest run --project functions`) the root's global setup has already started one for every
 * workspace, and this does nothing.
 */
import type { TestProject } from 'vitest/node';
import * as firestore from './firestore-global-setup';

let started = false;

export async function setup(project: TestProject): Promise<void> {
  if (project.vitest.config.root !== project.config.root) return;
  started = true;
  await firestore.setup(project);
}

export async function teardown(): Promise<void> {
  if (started) await firestore.teardown();
  started = false;
}
