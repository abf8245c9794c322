// The workspaces' numbers, connected again on every `npm start`: the voice stand-in keeps its numbers in memory, so
// after a restart it knows none of those stored (bought or imported before). Each is imported again, as the functions
// do for a number the provider lost (functions/src/voice/numbers/reconnect.ts), in the account it was connected in —
// the platform's, or the workspace's own Vapi key when it still has that key — so callers reach it at once.
import { voicePaths, phoneNumberSchema, type Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { vapiProvider } from '../../functions/src/adapters/voice/vapi';
import { parseStored } from '../../functions/src/adapters/stored-data';
import { workspaceSecrets } from '../../functions/src/credentials/secret-records';
import { reconnectNumber } from '../../functions/src/voice/numbers/reconnect';
import { accountOfKey, PLATFORM_ACCOUNT } from '../../functions/src/voice/provider';
import { PLATFORM_ACCOUNT as PLATFORM_TWILIO } from '../fakes/twilio';
import { FAKE_VAPI_KEY, functionsEnv } from '../fakes/vapi';

/** Numbers connected at once (the stand-in is local: the start waits little). */
const AT_ONCE = 8;

/** Connects every stored number of `region` (but `except`) to the stand-in at `vapiUrl` again; answers how many. */
export async function reconnectStoredNumbers(db: Firestore, region: Region, opts: { vapiUrl: string; appUrl: string; except?: string[] }): Promise<number> {
  const deps = { db: () => db, apiBase: () => opts.appUrl, webhookSecret: () => functionsEnv(opts.vapiUrl).VAPI_WEBHOOK_SECRET };
  const providerWith = (vapiKey: string) => vapiProvider({ vapiBase: opts.vapiUrl, vapiKey, twilioBase: '', twilio: PLATFORM_TWILIO });
  const numbers = (await db.collection(voicePaths.phoneNumbers()).get()).docs.map((d) => parseStored(phoneNumberSchema, d)).filter((n) => !opts.except?.includes(n.ID));
  const connect = async (number: (typeof numbers)[number]): Promise<number> => {
    const ownKey = number.providerAccount === PLATFORM_ACCOUNT ? null : (await workspaceSecrets(db, number.ownerID)).voiceKey;
    // A number of an own key the workspace has since replaced is out of reach, as it is for the functions.
    if (ownKey !== null && accountOfKey(ownKey || null) !== number.providerAccount) return 0;
    try {
      await reconnectNumber(deps, region, number, providerWith(ownKey ?? FAKE_VAPI_KEY));
      return 1;
    } catch (error) {
      console.warn(`[stack] the number ${number.number} could not be connected again:`, error instanceof Error ? error.message : error);
      return 0;
    }
  };
  let connected = 0;
  for (let i = 0; i < numbers.length; i += AT_ONCE) connected += (await Promise.all(numbers.slice(i, i + AT_ONCE).map(connect))).reduce((a, b) => a + b, 0);
  return connected;
}
