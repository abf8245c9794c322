/**
 * Vitest setup file for projects that run with `isolate: false`. One worker process then runs many files, so the npm
 * packages (firebase-admin, firebase-functions, zod, the provider SDKs: about a second of CPU per
 * file) load once per worker instead of once per file. Each file still starts as if it ran alone, as `isolate: true`
 * would start it: the repository's own modules are evaluated afresh and no earlier file's vi.mock applies (so module
 * state never crosses files), the environment is the one the worker started with, timers are real and no global
 * stays stubbed. List it first in setupFiles, with `sequence: { setupFiles: 'list' }` when there are others.
 */
import { vi } from 'vitest';

const state = globalThis as typeof globalThis & { __parleyWorkerEnv?: NodeJS.ProcessEnv; __vitest_mocker__?: { reset(): void } };
// The first file a worker runs sees the environment the worker started with: keep it for the files after it.
state.__parleyWorkerEnv ??= { ...process.env };
const original = state.__parleyWorkerEnv;
for (const key of Object.keys(process.env)) if (!(key in original)) delete process.env[key];
Object.assign(process.env, original);

vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
// What vitest does between files under `isolate: true` (its mocker and module registry, npm packages excepted).
state.__vitest_mocker__?.reset();
vi.resetModules();
