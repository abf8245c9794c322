// An agency client may save an agent's instructions and flow — the fields of the Prompt (/nodes) and Canvas
// (/prompt) pages — when the agency gave it either page on that agent. Any other field the save would change stays
// the workspace's: the save is refused naming it. The dashboard sends the whole draft, so "changed" means sent with a
// value other than the stored one. Who may save an agent at all, by caller kind: authorizeAgentSave.
import { isDeepStrictEqual } from 'node:util';
import type { Region } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { HttpError } from '../http/endpoint';
import { NO_AGENT_ACCESS, requireAgentAccess, requireAgentPageAccess, type AgentAccess, type StoredAgent } from './agent';
import { INVALID_BEARER, type Caller } from './caller';
import { workspaceOfSecret } from './secrets';
import { requireWorkspaceAccess } from './workspace';

/** What the Prompt and Canvas pages edit. */
export const CLIENT_EDITABLE_FIELDS: ReadonlySet<string> = new Set([
  'vg_systemPrompt', 'vg_initPrompt', 'vg_initMessages', 'vg_defaultModel', 'vg_temperature', 'vg_maxTokens', 'enableNodes', 'nodes',
]);
const CLIENT_EDIT_PAGES = ['/nodes', '/prompt'] as const;
/** Set by the save itself, whoever saves. */
const SERVER_SET = new Set(['ID', 'ownerID', 'lastModified']);

/** A Firestore timestamp as the admin SDK ({_seconds}) or the web SDK ({seconds, type}) writes it in JSON. */
function comparable(value: unknown): unknown {
  const plain: unknown = value === undefined ? undefined : JSON.parse(JSON.stringify(value));
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const seconds = o._seconds ?? o.seconds;
    const nanos = o._nanoseconds ?? o.nanoseconds;
    if (typeof seconds === 'number' && typeof nanos === 'number' && Object.keys(o).length <= 3) return `${seconds}.${nanos}`;
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, walk(x)]));
  };
  return walk(plain);
}

/** The fields a save would change: sent, and not equal to what is stored (the save's own stamps aside). */
export function changedFields(sent: Record<string, unknown>, stored: Record<string, unknown>): string[] {
  return Object.keys(sent).filter((key) => !SERVER_SET.has(key) && !isDeepStrictEqual(comparable(sent[key]), comparable(stored[key])));
}

/** The tool ids the steps of a flow name. */
function stepToolIds(nodes: unknown): string[] {
  if (!Array.isArray(nodes)) return [];
  return nodes.flatMap((n: unknown) => {
    const ids = n && typeof n === 'object' ? (n as { toolIds?: unknown }).toolIds : undefined;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  });
}

/**
 * Refusal for a client's save, or null: only the Prompt and Canvas fields change, and a step may use only a tool the
 * client can see (one the agent has, or one a step already used): the agency's other tools stay the agency's.
 */
export function clientEditRefusal(sent: Record<string, unknown>, stored: Record<string, unknown>): string | null {
  const others = changedFields(sent, stored).filter((key) => !CLIENT_EDITABLE_FIELDS.has(key));
  if (others.length > 0) return `Only the agency can change ${others.join(', ')} of this agent.`;
  const assigned = Array.isArray(stored.assignedToolsIds) ? stored.assignedToolsIds : [];
  const known = new Set([...assigned, ...stepToolIds(stored.nodes)]);
  return stepToolIds(sent.nodes).some((id) => !known.has(id)) ? 'A step can only use the tools this agent has. Ask the agency for another.' : null;
}

/** The client's access to the agent through its Prompt or Canvas page, else 403. */
export function requireClientEditAccess(caller: Caller, region: Region, agent: StoredAgent): Promise<AgentAccess> {
  return requireAgentPageAccess(caller, region, agent.ID, CLIENT_EDIT_PAGES, agent);
}

/** Who saves an agent, and as whom: the workspace it is stored in, who saved it, and whether a client did (its fields are checked by clientEditRefusal). */
export type AgentSaveAccess = { ownerID: string; savedBy: string; client: boolean };

/**
 * Who may save: an existing agent by the agent access rules (members of its workspace, its secret, its
 * workspace's secret; an agency client only through the agent's Prompt or Canvas page); a new one into a workspace
 * the caller may act for — the one the body names, else the caller's own (the workspace whose secret it is, or the
 * signed-in user's personal workspace).
 */
export async function authorizeAgentSave(caller: Caller, region: Region, agentId: string, existing: StoredAgent | null, bodyOwner: string | null): Promise<AgentSaveAccess> {
  if (existing) {
    const access = caller.kind === 'client' ? await requireClientEditAccess(caller, region, existing) : await requireAgentAccess(caller, region, agentId, { agent: existing });
    return { ownerID: access.ownerID, savedBy: access.actor, client: access.via === 'client' };
  }
  const own = caller.kind === 'secret' ? await workspaceOfSecret(databaseFor(region), caller.secret) : caller.kind === 'user' ? caller.uid : null;
  const target = bodyOwner ?? own;
  if (!target) throw caller.kind === 'secret' ? new HttpError(401, INVALID_BEARER) : new HttpError(403, NO_AGENT_ACCESS);
  const access = await requireWorkspaceAccess(caller, region, target);
  return { ownerID: target, savedBy: access.actor, client: false };
}
