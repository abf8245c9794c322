import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// One root config: every workspace with a vitest.config.ts runs from `npm run test:unit` (the list follows
// package.json "workspaces", so a new workspace with tests is picked up). Browser journeys (e2e/) run
// separately afterwards with their own config (`npm test -w e2e`), since they start the whole stack.
// One Google Firestore emulator serves the whole run (global setup); each test file gets its own project
// through the projects' setup file local/testing/per-file-project.ts. A workspace may split its tests into more
// projects with further `vitest.<name>.config.ts` files beside its vitest.config.ts (web does).
const workspaces = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { workspaces: string[] }).workspaces;

export default defineConfig({
  test: {
    // Vitest's default for `vitest run` is one worker less than the cores: on a 2-core machine one file at a time,
    // while most files wait on the Firestore emulator (another process). Two workers keep both cores busy.
    maxWorkers: 2,
    globalSetup: ['./local/testing/firestore-global-setup.ts'],
    projects: workspaces
      .filter((ws) => ws !== 'e2e' && existsSync(new URL(`./${ws}/vitest.config.ts`, import.meta.url)))
      .flatMap((ws) => [ws, ...readdirSync(new URL(`./${ws}/`, import.meta.url)).filter((f) => /^vitest\.\w+\.config\.ts$/.test(f)).map((f) => `./${ws}/${f}`)]),
  },
});
