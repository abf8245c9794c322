// Tests' composition: the platform built as production builds it (src/composition.ts), served by the test stacks,
// with the conversation engine replaceable per test (a fake LLM, timing, a cache time). Only imported by *.test.ts,
// the test stacks and benches.
import { compose, runtimeDeps as engineDeps, type Composition } from '../src/composition';
import type { RuntimeDeps } from '../src/conversations';
import { endpointsOf } from '../src/endpoints';
import type { Endpoint } from '../src/http/endpoint';
import { testIdTokens } from './id-tokens';

/** The ID tokens the test stacks verify: a test chooses who they sign in (idTokens.use). */
export const idTokens = testIdTokens();

/** The composition every test stack of this process serves. */
export const testApp: Composition = compose({ idTokens: idTokens.verify });

/** The production engine with `overrides`, raising its events on the tests' composition's events. */
export const runtimeDeps = (overrides: Partial<RuntimeDeps> = {}): RuntimeDeps => engineDeps(testApp.events, overrides);

/** Answers with `engine` from now on (null: the production engine again). */
export function useEngine(engine: RuntimeDeps | null): void {
  testApp.engine = engine ?? runtimeDeps({ credits: testApp.credits });
}

/** The endpoints as the api function serves them, over the tests' composition. */
export const testEndpoints = (): Endpoint[] => endpointsOf(testApp);

