// POST /v2/agents/:agentId — saves (creates or merges) an agent. Bearer: the owner workspace's secret, the
// agent's SECRET_API_KEY, or a workspace member's Firebase ID token (an agency client's: only the fields of the
// Prompt and Canvas pages it was given); who may is access's authorizeAgentSave and clientEditRefusal. Secrets move
// to voiceglow/{id}/private/secrets; ownerID never changes.
import {
  AGENT_SECRET_FIELDS, agentFlowProblems, agentSchema, agentsApi, flowRefusalMessage, newAgentSecret, paths, regionForDatabaseId, splitAgentSecrets, VG_MAX_CHUNK_SIZE_MIN,
  type Region,
} from '@parley/core';
import { FieldValue } from 'firebase-admin/firestore';
import { authorizeAgentSave, callerOfBearer, clientEditRefusal, loadStoredAgent, type Caller, type StoredAgent } from '../access';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError, parseInput } from '../http/endpoint';
import { countAgents, createWithinPlanLimit } from '../quota';
import { writeAgentBackup } from './backups';
import { pickPresentKeys, SERVER_MAINTAINED_FIELDS } from './present-keys';

export const CHUNK_SIZE_MESSAGE = 'Max chunk size must be greater than 1000';

export function checkChunkSize(body: Record<string, unknown>): void {
  const options = body.vgOptions;
  if (options && typeof options === 'object') {
    const size = (options as Record<string, unknown>).maxChunkSize;
    if (typeof size === 'number' && size < VG_MAX_CHUNK_SIZE_MIN) throw new HttpError(400, CHUNK_SIZE_MESSAGE);
  }
}

/**
 * A save that sends the flow or turns nodes on or off publishes the flow: the agent as it will be stored (the sent
 * fields over the stored ones) must pass the flow checks, or the save is refused naming each problem.
 */
export function checkFlow(existing: StoredAgent | null, fields: Record<string, unknown>): void {
  if (!('nodes' in fields) && !('enableNodes' in fields)) return;
  const problems = agentFlowProblems({ ...(existing ?? {}), ...fields });
  if (problems.length > 0) throw new HttpError(400, flowRefusalMessage(problems));
}

export async function saveAgent(region: Region, agentId: string, caller: Caller, body: Record<string, unknown>) {
  const db = databaseFor(region);
  const existing = await loadStoredAgent(db, agentId);
  const bodyOwner = typeof body.ownerID === 'string' ? body.ownerID : null;
  const access = await authorizeAgentSave(caller, region, agentId, existing, bodyOwner);
  if (typeof body.ID === 'string' && body.ID !== agentId) throw new HttpError(400, 'ID: must match the agent id in the path');
  checkChunkSize(body);
  // The agent schema applies only now, after authorisation, so a stranger learns nothing about the agent.
  const parsed = parseInput(agentsApi.agentPatchSchema, body);
  const fields = pickPresentKeys(parsed as Record<string, unknown>, body);
  // Knowledge-base totals are maintained by the ingestion functions, the voice assistant's id by the voice feature; a
  // stale page must not overwrite them, nor a caller point the agent at another workspace's assistant.
  for (const key of SERVER_MAINTAINED_FIELDS) delete (fields as Record<string, unknown>)[key];
  const refusal = access.client && existing ? clientEditRefusal(fields, existing) : null;
  if (refusal) throw new HttpError(403, refusal);
  checkFlow(existing, fields);
  const { publicAgent, secrets } = splitAgentSecrets(fields);
  const nowSeconds = Math.floor(Date.now() / 1000);
  const update: Record<string, unknown> = {
    ...publicAgent,
    ID: agentId,
    ownerID: access.ownerID,
    lastModified: nowSeconds,
  };
  // Legacy documents may still carry secrets: remove them from the public doc on every save.
  for (const key of AGENT_SECRET_FIELDS) update[key] = FieldValue.delete();

  const agentRef = db.doc(paths.agent(agentId));
  const secretsRef = db.doc(paths.agentSecrets(agentId));
  if (existing) {
    const batch = db.batch();
    batch.set(agentRef, update, { merge: true });
    if (Object.keys(secrets).length > 0) batch.set(secretsRef, secrets, { merge: true });
    await batch.commit();
  } else {
    // New agents get the full schema defaults once, within the plan's maxAgents (403 with the plan's message).
    const created = agentSchema.parse({ ...publicAgent, ID: agentId, ownerID: access.ownerID, lastModified: nowSeconds });
    if (!secrets.SECRET_API_KEY) secrets.SECRET_API_KEY = newAgentSecret();
    await createWithinPlanLimit(db, access.ownerID, 'agents', {
      count: (tx) => countAgents(db, tx, access.ownerID),
      write: (tx) => {
        tx.set(agentRef, splitAgentSecrets(created).publicAgent);
        tx.set(secretsRef, secrets, { merge: true });
      },
    });
  }

  const saved = (await agentRef.get()).data() ?? {};
  await writeAgentBackup(db, agentId, { agent: saved, ts: Date.now(), savedBy: access.savedBy });
  return saved;
}

export const saveAgentEndpoint = defineEndpoint(agentsApi.saveAgent, async ({ params, query, headers, idTokens, body }) => {
  const fields = body as Record<string, unknown>;
  // Region from ?region=na|eu, else from the agent's own `region` bucket field, else na.
  const region = query.region ?? (typeof fields.region === 'string' ? regionForDatabaseId(fields.region) : null) ?? 'na';
  const saved = await saveAgent(region, params.agentId, await callerOfBearer({ headers, idTokens }), fields);
  return { body: { success: true, data: { ...saved, ID: params.agentId } } };
});
