// What the provider holds for an agent or a workspace goes with it: a deleted agent's assistant is deleted and its
// numbers stop naming it (they stay the workspace's, unassigned); a deleted workspace's numbers are released (a bought
// one leaves the platform's Twilio account too) and its agents' assistants deleted. Each is let go in the account it
// was made in: the platform's, or the workspace's own key's. The provider failing never keeps our data, and what stays
// at the provider — made with a key the workspace has since replaced (out of our reach), or kept by a failure — is
// told to the owner as a sentence (VOICE_MESSAGES.left…): in the workspace's logs for an agent, in the deletion's
// answer for a workspace (whose logs go with it), and to the console with our ids.
import { voiceApi, voicePaths, type Region } from '@parley/core';
import { NumberMissingError, type VoiceProvider } from '../adapters/voice/port';
import type { VoiceDeps } from './deps';
import { numbersOfAgent, numbersOfWorkspace } from './numbers/number-records';
import { accountOfKey, assistantIn, PLATFORM_ACCOUNT } from './provider';

type TeardownDeps = Pick<VoiceDeps, 'db' | 'provider' | 'ownVoiceKey' | 'providerFailed'>;

const M = voiceApi.VOICE_MESSAGES;

/** An agent as its deletion knows it. */
export interface DeletedAgent {
  ID: string;
  ownerID: string;
  /** How the owner knows it (its id when it has no title). */
  title?: string;
  vapi?: { id?: unknown; account?: unknown };
}

const nameOf = (agent: DeletedAgent) => agent.title || agent.ID;

const accountOfAssistant = (agent: DeletedAgent): string => (typeof agent.vapi?.account === 'string' ? agent.vapi.account : PLATFORM_ACCOUNT);

/** The provider of each of the workspace's accounts (null: none configured, or a key the workspace no longer has). */
async function accountProviders(deps: TeardownDeps, region: Region, ownerID: string): Promise<(account: string) => VoiceProvider | null> {
  const platform = deps.provider();
  const key = deps.ownVoiceKey ? await deps.ownVoiceKey(deps.db(region), region, ownerID).catch(() => null) : null;
  const own = key ? deps.provider(key) : null;
  const ownAccount = key ? accountOfKey(key) : null;
  return (account) => (account === PLATFORM_ACCOUNT ? platform : account === ownAccount ? own : null);
}

/**
 * The agent's assistant and the provider of the account it was made in; `provider` null: out of reach (a key the
 * workspace replaced, or no provider configured). Null when it has none.
 */
function assistantAt(providerOf: (account: string) => VoiceProvider | null, agent: DeletedAgent): { id: string; provider: VoiceProvider | null } | null {
  const account = accountOfAssistant(agent);
  const id = assistantIn(agent, account);
  return id ? { id, provider: providerOf(account) } : null;
}

/** Runs one provider request; a failure is told as the sentence `left` makes of its reason, never thrown (the deletion of our data goes on). */
async function attempt(work: () => Promise<void>, left: (reason: string) => string, tell: (sentence: string) => void): Promise<void> {
  try {
    await work();
  } catch (error) {
    tell(left(error instanceof Error ? error.message : 'unknown error'));
  }
}

/**
 * Before an agent's documents are deleted (its workspace stays): its assistant is deleted at the provider and each of
 * its numbers is unassigned here and renamed there. What stays at the provider goes to the workspace's logs.
 */
export async function forgetAgentVoice(deps: TeardownDeps, region: Region, agent: DeletedAgent): Promise<void> {
  const db = deps.db(region);
  const tell = (sentence: string) => deps.providerFailed?.(db, agent, `${sentence} (while deleting the agent)`);
  const numbers = await numbersOfAgent(db, agent.ownerID, agent.ID);
  await Promise.all(numbers.map((n) => db.doc(voicePaths.phoneNumber(n.ID)).update({ agentId: null })));
  const providerOf = await accountProviders(deps, region, agent.ownerID);
  const assistant = assistantAt(providerOf, agent);
  const what = `the assistant of the agent ${nameOf(agent)}`;
  if (assistant && !assistant.provider && accountOfAssistant(agent) !== PLATFORM_ACCOUNT) tell(M.leftAssistant(nameOf(agent)));
  await Promise.all([
    ...(assistant?.provider ? [attempt(() => assistant.provider!.deleteAssistant(assistant.id), (reason) => M.leftAfterFailure(what, reason), tell)] : []),
    ...numbers.flatMap((n) => {
      const provider = providerOf(n.providerAccount);
      // A number the provider no longer holds has no name there to change.
      const rename = () => provider!.assignNumber(n.providerNumberId, 'Parley').catch((error: unknown) => {
        if (!(error instanceof NumberMissingError)) throw error;
      });
      return provider ? [attempt(rename, (reason) => M.leftAfterFailure(`the name of ${n.number}`, reason), tell)] : [];
    }),
  ]);
}

/**
 * Before a workspace's documents are deleted: its numbers are released at the provider (and on Twilio) and their
 * documents deleted, its agents' assistants deleted, its concurrent-call lines forgotten. Answers a sentence for each
 * thing that stays at the provider, for the owner to delete there (the workspace's logs go with it; the console gets
 * them too, with the workspace's id).
 */
export async function releaseWorkspaceVoice(deps: TeardownDeps, region: Region, ownerID: string, agents: DeletedAgent[]): Promise<string[]> {
  const db = deps.db(region);
  const numbers = await numbersOfWorkspace(db, ownerID);
  const left: string[] = [];
  const tell = (sentence: string) => {
    left.push(sentence);
    console.warn(`[voice] workspace ${ownerID} deleted:`, sentence);
  };
  const providerOf = await accountProviders(deps, region, ownerID);
  await Promise.all([
    ...numbers.map((n) => {
      const provider = providerOf(n.providerAccount);
      // Out of reach: made with a key the workspace replaced (a platform without a provider has made nothing).
      if (!provider) return n.providerAccount === PLATFORM_ACCOUNT ? undefined : tell(M.leftNumber(n.number));
      return attempt(() => provider.releaseNumber({ providerNumberId: n.providerNumberId, twilioSid: n.twilioSid, bought: n.source === 'bought' }), (reason) => M.leftAfterFailure(`the phone number ${n.number}`, reason), tell);
    }),
    ...agents.map((agent) => {
      const assistant = assistantAt(providerOf, agent);
      if (!assistant) return;
      if (!assistant.provider) return accountOfAssistant(agent) === PLATFORM_ACCOUNT ? undefined : tell(M.leftAssistant(nameOf(agent)));
      return attempt(() => assistant.provider!.deleteAssistant(assistant.id), (reason) => M.leftAfterFailure(`the assistant of the agent ${nameOf(agent)}`, reason), tell);
    }),
  ]);
  const writer = db.bulkWriter();
  for (const n of numbers) {
    void writer.delete(db.doc(voicePaths.phoneNumberSecrets(n.ID)));
    void writer.delete(db.doc(voicePaths.phoneNumber(n.ID)));
  }
  void writer.delete(db.doc(voicePaths.voiceLines(ownerID)));
  await writer.close();
  return left;
}
