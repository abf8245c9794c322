// What the visitor's endpoints are given by the composition: the conversation engine's dependencies, read at each
// request (one object shared by every endpoint of the visitor's half, the agent settings cache with it).
import type { RuntimeDeps } from './engine';

export interface VisitorDeps {
  engine: RuntimeDeps;
}
