// The org or client being acted on and who acts: the agency owner, or an org admin of the same org.
import type { TokenCaller } from '../access';
import type { Firestore } from 'firebase-admin/firestore';
import { clientNotFound, orgActor, orgNotFound, type OrgActor } from '../access';
import { readClient, readOrg, type ClientHandle, type OrgHandle } from './org-client-reads';

/** The org (404 when there is none) and the caller as its actor (orgActor: 404 for a stranger). */
export async function orgAndActor(caller: TokenCaller, db: Firestore, orgId: string): Promise<OrgHandle & { actor: OrgActor }> {
  const found = await readOrg(db, orgId);
  if (!found) throw orgNotFound();
  return { ...found, actor: await orgActor(caller, db, found.org) };
}

export async function clientAndActor(caller: TokenCaller, db: Firestore, clientId: string): Promise<ClientHandle & { org: OrgHandle; actor: OrgActor }> {
  const found = await readClient(db, clientId);
  if (!found) throw clientNotFound();
  const org = await readOrg(db, found.client.orgId);
  if (!org) throw clientNotFound();
  try {
    return { ...found, org, actor: await orgActor(caller, db, org.org) };
  } catch (error) {
    // A stranger learns nothing about the client's org.
    if ((error as { status?: number }).status === 404) throw clientNotFound();
    throw error;
  }
}
