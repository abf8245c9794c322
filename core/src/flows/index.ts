// Conversation flows (an agent's `nodes` when nodes are enabled): the node model, editing, auto-layout and the
// checks a flow passes before it is published.
export * from './schema';
export * from './checks';
export * from './edit';
export * from './layout';
export * from './publish';
export * from './runtime';
