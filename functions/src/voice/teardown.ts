// What the provider holds for an agent or a workspace goes with it: a deleted agent's assistant is deleted and its
// numbers stop naming it (they stay the workspace's, unassigned); a deleted workspace's numbers are released (a bought
// one leaves the platform's Twilio account too) and its agents' assistants deleted. The provider failing never keeps
// our data: each failure is told — to the workspace's logs while the workspace exists, else to the console (the
// provider's reason and our ids, never a secret) — and the deletion goes on.
import { voicePaths, type Region } from '@parley/core';
import type { VoiceDeps } from './deps';
import { numbersOfAgent, numbersOfWorkspace } from './numbers/store';

type TeardownDeps = Pick<VoiceDeps, 'db' | 'provider' | 'providerFailed'>;

/** An agent as its deletion knows it. */
export interface DeletedAgent {
  ID: string;
  ownerID: string;
  vapi?: { id?: unknown };
}

const assistantOf = (agent: DeletedAgent): string | null => (typeof agent.vapi?.id === 'string' && agent.vapi.id ? agent.vapi.id : null);

/** Runs one provider request; a failure is reported, never thrown (the deletion of our data goes on). */
async function attempt(work: () => Promise<void>, report: (message: string) => void): Promise<void> {
  try {
    await work();
  } catch (error) {
    report(error instanceof Error ? error.message : 'unknown error');
  }
}

/**
 * Before an agent's documents are deleted (its workspace stays): its assistant is deleted at the provider and each of
 * its numbers is unassigned here and renamed there. Failures go to the workspace's logs.
 */
export async function forgetAgentVoice(deps: TeardownDeps, region: Region, agent: DeletedAgent): Promise<void> {
  const db = deps.db(region);
  const provider = deps.provider();
  const report = (message: string) => deps.providerFailed?.(db, agent, `${message} (while deleting the agent)`);
  const numbers = await numbersOfAgent(db, agent.ownerID, agent.ID);
  await Promise.all(numbers.map((n) => db.doc(voicePaths.phoneNumber(n.ID)).update({ agentId: null })));
  if (!provider) return;
  const assistant = assistantOf(agent);
  await Promise.all([
    ...(assistant ? [attempt(() => provider.deleteAssistant(assistant), report)] : []),
    ...numbers.map((n) => attempt(() => provider.assignNumber(n.providerNumberId, 'Parley'), report)),
  ]);
}

/**
 * Before a workspace's documents are deleted: its numbers are released at the provider (and on Twilio) and their
 * documents deleted, its agents' assistants deleted, its concurrent-call lines forgotten. The workspace is going, so
 * failures go to the console.
 */
export async function releaseWorkspaceVoice(deps: TeardownDeps, region: Region, ownerID: string, agents: DeletedAgent[]): Promise<void> {
  const db = deps.db(region);
  const provider = deps.provider();
  const numbers = await numbersOfWorkspace(db, ownerID);
  const report = (what: string) => (message: string) => console.warn(`[voice] workspace ${ownerID} deleted; the provider kept ${what}:`, message);
  if (provider) {
    await Promise.all([
      ...numbers.map((n) => attempt(() => provider.releaseNumber({ providerNumberId: n.providerNumberId, twilioSid: n.twilioSid, bought: n.source === 'bought' }), report(`number ${n.number}`))),
      ...agents.flatMap((agent) => {
        const assistant = assistantOf(agent);
        return assistant ? [attempt(() => provider.deleteAssistant(assistant), report(`assistant ${assistant} of agent ${agent.ID}`))] : [];
      }),
    ]);
  }
  const writer = db.bulkWriter();
  for (const n of numbers) {
    void writer.delete(db.doc(voicePaths.phoneNumberSecrets(n.ID)));
    void writer.delete(db.doc(voicePaths.phoneNumber(n.ID)));
  }
  void writer.delete(db.doc(voicePaths.voiceLines(ownerID)));
  await writer.close();
}
