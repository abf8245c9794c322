// The one place that answers "may this caller touch this agent / this workspace", for every feature: the same
// rules as firestore.rules (see agent.ts and workspace.ts), plus the secrets functions accept as bearer.
export * from './caller';
export * from './secrets';
export * from './agent';
export * from './workspace';
