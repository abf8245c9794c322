// The one place that answers "may this caller do this", for every feature, with one Caller (caller.ts): agents and
// workspaces (the same rules as firestore.rules: agent.ts, workspace.ts), the secrets functions accept as bearer
// (secrets.ts), the widget's visitors (visitor.ts: rate limits, App Check, allowed domains), the agency's white-label
// branding (agency-branding.ts) and agency organisations and their clients (orgs.ts). Core holds the pure predicates
// these apply.
export * from './caller';
export * from './secrets';
export * from './agent';
export * from './workspace';
export * from './visitor';
export * from './agency-branding';
export * from './orgs';
