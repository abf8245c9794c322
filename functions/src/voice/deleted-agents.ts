// What the provider holds for agents deleted without the functions (members may delete an agent document directly):
// a scheduled run finds them and lets go of it through forgetAgentVoice — the assistant deleted, the numbers that
// named the agent unassigned. They are found by what outlives the agent document: its numbers (phoneNumbers naming
// it) and its voice secret document (voiceglow/{id}/private/voice, a subcollection a document's deletion leaves),
// where syncAssistant records the assistant and its workspace. Once let go, that document is deleted, so a later run
// does not find the agent again.
import { COLLECTIONS, paths, REGIONS, voicePaths, type Region } from '@parley/core';
import type { DocumentReference, DocumentSnapshot, QuerySnapshot } from 'firebase-admin/firestore';
import { onSchedule } from 'firebase-functions/scheduler';
import { VOICE_SECRETS } from '../adapters/voice/settings';
import type { VoiceDeps } from './deps';
import { ASSISTANT_OWNER_FIELD } from './assistant';
import { forgetAgentVoice, type DeletedAgent } from './teardown';

export const DELETED_AGENTS_SWEEP_HOURS = 6;
const PAGE = 300;

type SweepDeps = Pick<VoiceDeps, 'db' | 'provider' | 'ownVoiceKey' | 'providerFailed'>;

/** The agents named by the region's numbers and voice secret documents, as their deletion would know them. */
async function agentsWithVoice(deps: SweepDeps, region: Region): Promise<Map<string, DeletedAgent & { secret?: DocumentReference }>> {
  const db = deps.db(region);
  const found = new Map<string, DeletedAgent & { secret?: DocumentReference }>();
  const take = (doc: DocumentSnapshot) => {
    const agent = doc.ref.parent.parent;
    if (doc.ref.parent.id === COLLECTIONS.private) {
      if (agent?.parent.id !== COLLECTIONS.agents || doc.id !== 'voice') return;
      found.set(agent.id, { ID: agent.id, ownerID: String(doc.get(ASSISTANT_OWNER_FIELD)), vapi: doc.get('assistant') as DeletedAgent['vapi'], secret: doc.ref });
      return;
    }
    const agentId = String(doc.get('agentId'));
    if (!found.has(agentId)) found.set(agentId, { ID: agentId, ownerID: String(doc.get('ownerID')) });
  };
  // The voice secret documents first: they name the assistant too.
  const secrets = db.collectionGroup(COLLECTIONS.private).where('assistantOwnerID', '>', '').orderBy('assistantOwnerID').limit(PAGE);
  const numbers = db.collection(voicePaths.phoneNumbers()).where('agentId', '>', '').orderBy('agentId').limit(PAGE);
  let after: DocumentSnapshot | null = null;
  for (;;) {
    const snap: QuerySnapshot = await (after ? secrets.startAfter(after) : secrets).get();
    snap.docs.forEach(take);
    if (snap.size < PAGE) break;
    after = snap.docs[snap.size - 1]!;
  }
  after = null;
  for (;;) {
    const snap: QuerySnapshot = await (after ? numbers.startAfter(after) : numbers).get();
    snap.docs.forEach(take);
    if (snap.size < PAGE) break;
    after = snap.docs[snap.size - 1]!;
  }
  return found;
}

/** Lets go of what the provider holds for the region's deleted agents; answers their ids. */
export async function sweepDeletedAgents(deps: SweepDeps, region: Region): Promise<string[]> {
  const db = deps.db(region);
  const agents = [...(await agentsWithVoice(deps, region)).values()];
  const gone: string[] = [];
  for (let i = 0; i < agents.length; i += PAGE) {
    const slice = agents.slice(i, i + PAGE);
    const docs = await db.getAll(...slice.map((a) => db.doc(paths.agent(a.ID))));
    for (const [k, doc] of docs.entries()) {
      if (doc.exists) continue;
      const { secret, ...agent } = slice[k]!;
      await forgetAgentVoice(deps, region, agent);
      await secret?.delete();
      gone.push(agent.ID);
    }
  }
  return gone;
}

/** The scheduled run over every region. */
export const deletedAgentsVoiceJob = (deps: SweepDeps) =>
  onSchedule({ schedule: `every ${DELETED_AGENTS_SWEEP_HOURS} hours`, timeoutSeconds: 540, secrets: VOICE_SECRETS }, async () => {
    for (const region of REGIONS) {
      const gone = await sweepDeletedAgents(deps, region);
      console.log(`[voice] ${region}: the provider let go of ${gone.length} deleted agents' assistants and numbers`);
    }
  });
