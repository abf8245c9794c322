// Tests' composition: the platform built as production builds it (src/composition.ts), served by the test stacks,
// with the conversation engine replaceable per test (a fake LLM, timing, a cache time). Only imported by *.test.ts,
// the test stacks and benches.
import { compose, runtimeDeps, type Composition } from '../src/composition';
import type { RuntimeDeps } from '../src/conversations';
import { endpointsOf } from '../src/endpoints';
import type { Endpoint } from '../src/http/endpoint';

/** The composition every test stack of this process serves. */
export const testApp: Composition = compose();

/** Answers with `engine` from now on (null: the production engine again). */
export function useEngine(engine: RuntimeDeps | null): void {
  testApp.engine = engine ?? runtimeDeps({ credits: testApp.credits });
}

/** The endpoints as the api function serves them, over the tests' composition. */
export const testEndpoints = (): Endpoint[] => endpointsOf(testApp);

export { runtimeDeps };
