// Numbers are the workspace's (who may act on them: the access module's requireNumbersAccess). A number named by id
// must be the caller's workspace's; an agent it is assigned to must be of the same workspace.
import { voiceApi, type PhoneNumberRecord, type Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { loadStoredAgent, OTHER_WORKSPACE_AGENT, requireNumbersAccess, UNKNOWN_AGENT, type Caller } from '../../access';
import { HttpError } from '../../http/endpoint';
import { readNumber } from './number-records';

const M = voiceApi.VOICE_MESSAGES;

/** The number, when the caller may act on it (404 unknown, 403 another workspace's). */
export async function requireNumber(caller: Caller, region: Region, db: Firestore, id: string): Promise<PhoneNumberRecord> {
  const number = await readNumber(db, id);
  if (!number) throw new HttpError(404, M.numberNotFound);
  await requireNumbersAccess(caller, region, number.ownerID);
  return number;
}

/** The agent a number may ring: one of the number's workspace (404 unknown, 403 another workspace's). */
export async function requireOwnAgent(db: Firestore, ownerID: string, agentId: string): Promise<{ ID: string; title: string }> {
  const agent = await loadStoredAgent(db, agentId);
  if (!agent) throw new HttpError(404, UNKNOWN_AGENT);
  if (agent.ownerID !== ownerID) throw new HttpError(403, OTHER_WORKSPACE_AGENT);
  return { ID: agentId, title: agent.title || agentId };
}
