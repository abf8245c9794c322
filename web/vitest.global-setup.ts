// Run from web/ (`npx vitest run` there), the web tests are the whole run and start the Firestore emulator their
// live views need themselves; under the root config (`npm test`, `npx vitest run --project web`) the root's global
// setup has started one for every workspace, and this does nothing.
import type { TestProject } from 'vitest/node';
import * as firestore from '../local/testing/firestore-global-setup';

let started = false;

export async function setup(project: TestProject): Promise<void> {
  if (project.vitest.config.root !== project.config.root) return;
  started = true;
  await firestore.setup(project);
}

export async function teardown(): Promise<void> {
  if (started) await firestore.teardown();
}
