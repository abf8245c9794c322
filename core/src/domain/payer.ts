// Who pays for an agent's usage (answers, knowledge-base embeddings): an organisation of the agent's own workspace
// that lists the agent and has billing turned on pays from its credits (orgs/{id}.loadTokens); otherwise the
// workspace pays (users/{ownerID}.loadTokens). Pure; the functions read the candidate orgs and charge the answer.

/** The fields of an org the rule reads (stored documents may lack any of them). */
export interface PayerOrgCandidate {
  ID: string;
  ownerID?: unknown;
  widgetIDs?: unknown;
  allowBilling?: unknown;
}

export type Payer = { kind: 'workspace'; ownerID: string } | { kind: 'org'; ownerID: string; orgId: string };

/**
 * The org that pays for `agent`, or null (its workspace pays). Only an org owned by the agent's workspace counts:
 * another workspace's org listing the agent's id never pays for it (nor makes it pay). When several billing orgs
 * list the agent, the one with the smallest ID pays — the same one on every instance and every message.
 */
export function billingOrgFor(agent: { ID: string; ownerID: string }, orgs: readonly PayerOrgCandidate[]): string | null {
  if (!agent.ownerID || !agent.ID) return null;
  const paying = orgs
    .filter((o) => o.ownerID === agent.ownerID && o.allowBilling === true && Array.isArray(o.widgetIDs) && o.widgetIDs.includes(agent.ID))
    .map((o) => o.ID)
    .sort();
  return paying[0] ?? null;
}

/** The payer for `agent` given the orgs that may list it. */
export function payerFor(agent: { ID: string; ownerID: string }, orgs: readonly PayerOrgCandidate[]): Payer {
  const orgId = billingOrgFor(agent, orgs);
  return orgId ? { kind: 'org', ownerID: agent.ownerID, orgId } : { kind: 'workspace', ownerID: agent.ownerID };
}
