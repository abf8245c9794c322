// What the visitor's endpoints are given by the composition, read at each request: the conversation engine's
// dependencies (one object shared by every endpoint of the visitor's half, the agent settings cache with it) and
// the App Check verifier (asked only when App Check is enforced).
import type { AppCheckVerifier } from '../adapters/app-check';
import type { RuntimeDeps } from './engine';

export interface VisitorDeps {
  engine: RuntimeDeps;
  appCheck: AppCheckVerifier;
}
