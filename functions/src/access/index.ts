// The one place that answers "may this caller do this", for every feature, with one Caller (caller.ts): agents and
// workspaces (the same rules as firestore.rules: agent.ts, workspace.ts; also who changes an agent's tools, who tries
// an agent as a member, what of a workspace record its people change), the secrets functions accept as bearer
// (secrets.ts), the widget's visitors (visitor.ts: rate limits, App Check, allowed domains), the agency's white-label
// branding (agency-branding.ts), who may change an agency (agency-owner.ts), what a workspace's own people may do
// besides (members.ts: create agents, channels, numbers, crawl jobs …), agency organisations and their clients
// (orgs.ts: who creates orgs, lists them, changes a client's e-mail, what only a signed-in client does) and billing (billing.ts: workspaces, Auto Billing's
// Connect setup, orgs, an agency's plans and Connect account), uploads (uploads.ts: who uploads where, counted
// against which workspace) and agent saves (agent-edits.ts: by caller kind, and the fields an agency client may
// change). Core holds the pure predicates these apply.
export * from './caller';
export * from './secrets';
export * from './agent';
export * from './workspace';
export * from './members';
export * from './visitor';
export * from './agency-branding';
export * from './agency-owner';
export * from './orgs';
export * from './billing';
export * from './uploads';
export * from './agent-edits';
