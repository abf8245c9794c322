// ID tokens in tests: a verifier a test stack is served with, whose answers a test chooses (no Auth emulator in
// unit tests). Only imported by *.test.ts, the test stacks and benches.
import { noIdTokens, type IdTokenVerifier } from '../src/adapters/id-token';

export interface TestIdTokens {
  /** Hand this to serveApi / the composition: it asks whichever verifier the test chose last. */
  verify: IdTokenVerifier;
  /** Verifies with `next` from now on (null: no token verifies). */
  use(next: IdTokenVerifier | null): void;
}

export function testIdTokens(): TestIdTokens {
  let current: IdTokenVerifier = noIdTokens;
  return {
    verify: (token) => current(token),
    use: (next) => {
      current = next ?? noIdTokens;
    },
  };
}
