// What the provider holds for an agent or a workspace goes with it: a deleted agent's assistant is deleted and its
// numbers stop naming it (they stay the workspace's, unassigned); a deleted workspace's numbers are released (a bought
// one leaves the platform's Twilio account too) and its agents' assistants deleted. The provider failing never keeps
// our data: each failure is told — to the workspace's logs while the workspace exists, else to the console (the
// provider's reason and our ids, never a secret) — and the deletion goes on. Each is let go in the account it was made
// in: the platform's, or the workspace's own key's (one made with a key the workspace has since replaced is out of reach).
import { voicePaths, type Region } from '@parley/core';
import { NumberMissingError, type VoiceProvider } from '../adapters/voice/port';
import type { VoiceDeps } from './deps';
import { numbersOfAgent, numbersOfWorkspace } from './numbers/store';
import { accountOfKey, assistantIn, PLATFORM_ACCOUNT } from './provider';

type TeardownDeps = Pick<VoiceDeps, 'db' | 'provider' | 'ownVoiceKey' | 'providerFailed'>;

/** An agent as its deletion knows it. */
export interface DeletedAgent {
  ID: string;
  ownerID: string;
  vapi?: { id?: unknown; account?: unknown };
}

const accountOfAssistant = (agent: DeletedAgent): string => (typeof agent.vapi?.account === 'string' ? agent.vapi.account : PLATFORM_ACCOUNT);

/** The provider of each of the workspace's accounts (null: none configured, or a key the workspace no longer has). */
async function accountProviders(deps: TeardownDeps, region: Region, ownerID: string): Promise<(account: string) => VoiceProvider | null> {
  const platform = deps.provider();
  const key = deps.ownVoiceKey ? await deps.ownVoiceKey(deps.db(region), region, ownerID).catch(() => null) : null;
  const own = key ? deps.provider(key) : null;
  const ownAccount = key ? accountOfKey(key) : null;
  return (account) => (account === PLATFORM_ACCOUNT ? platform : account === ownAccount ? own : null);
}

/** The agent's assistant and the provider of the account it was made in (null when there is none or it is out of reach). */
function assistantAt(providerOf: (account: string) => VoiceProvider | null, agent: DeletedAgent): { id: string; provider: VoiceProvider } | null {
  const account = accountOfAssistant(agent);
  const id = assistantIn(agent, account);
  const provider = providerOf(account);
  return id && provider ? { id, provider } : null;
}

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
  const report = (message: string) => deps.providerFailed?.(db, agent, `${message} (while deleting the agent)`);
  const numbers = await numbersOfAgent(db, agent.ownerID, agent.ID);
  await Promise.all(numbers.map((n) => db.doc(voicePaths.phoneNumber(n.ID)).update({ agentId: null })));
  const providerOf = await accountProviders(deps, region, agent.ownerID);
  const assistant = assistantAt(providerOf, agent);
  await Promise.all([
    ...(assistant ? [attempt(() => assistant.provider.deleteAssistant(assistant.id), report)] : []),
    ...numbers.flatMap((n) => {
      const provider = providerOf(n.providerAccount);
      // A number the provider no longer holds has no name there to change.
      const rename = () => provider!.assignNumber(n.providerNumberId, 'Parley').catch((error: unknown) => {
        if (!(error instanceof NumberMissingError)) throw error;
      });
      return provider ? [attempt(rename, report)] : [];
    }),
  ]);
}

/**
 * Before a workspace's documents are deleted: its numbers are released at the provider (and on Twilio) and their
 * documents deleted, its agents' assistants deleted, its concurrent-call lines forgotten. The workspace is going, so
 * failures go to the console.
 */
export async function releaseWorkspaceVoice(deps: TeardownDeps, region: Region, ownerID: string, agents: DeletedAgent[]): Promise<void> {
  const db = deps.db(region);
  const numbers = await numbersOfWorkspace(db, ownerID);
  const report = (what: string) => (message: string) => console.warn(`[voice] workspace ${ownerID} deleted; the provider kept ${what}:`, message);
  const providerOf = await accountProviders(deps, region, ownerID);
  await Promise.all([
    ...numbers.flatMap((n) => {
      const provider = providerOf(n.providerAccount);
      return provider ? [attempt(() => provider.releaseNumber({ providerNumberId: n.providerNumberId, twilioSid: n.twilioSid, bought: n.source === 'bought' }), report(`number ${n.number}`))] : [];
    }),
    ...agents.flatMap((agent) => {
      const assistant = assistantAt(providerOf, agent);
      return assistant ? [attempt(() => assistant.provider.deleteAssistant(assistant.id), report(`assistant ${assistant.id} of agent ${agent.ID}`))] : [];
    }),
  ]);
  const writer = db.bulkWriter();
  for (const n of numbers) {
    void writer.delete(db.doc(voicePaths.phoneNumberSecrets(n.ID)));
    void writer.delete(db.doc(voicePaths.phoneNumber(n.ID)));
  }
  void writer.delete(db.doc(voicePaths.voiceLines(ownerID)));
  await writer.close();
}
