// getWhatsappNumbers / removeWhatsappNumber: an agent's connected numbers; removing one deletes its record and
// token (past conversations stay) and unsubscribes our app from the WABA once none of its numbers is left.
import { channelsApi, paths } from '@parley/core';
import { HttpsError } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireAgentAccess, type TokenCaller } from '../../access';
import { defineCallable } from '../../callable/define-callable';
import { GraphError } from '../meta/graph';
import { unsubscribeWaba } from './cloud-api';
import { numbersOfAgent, readNumber, readNumberSecrets, secretsPath } from './numbers';

const T = channelsApi.META_TEXTS;
export const UNKNOWN_NUMBER = 'This number is not connected to this agent.';

export async function getWhatsappNumbers(input: z.output<typeof channelsApi.getWhatsappNumbers.input>, caller: TokenCaller) {
  const { db } = await requireAgentAccess(caller, input.region, input.agentId);
  return { numbers: await numbersOfAgent(db, input.agentId) };
}

export async function removeWhatsappNumber(input: z.output<typeof channelsApi.removeWhatsappNumber.input>, caller: TokenCaller) {
  const { db } = await requireAgentAccess(caller, input.region, input.agentId);
  const number = await readNumber(db, input.phoneId);
  if (!number || number.agentId !== input.agentId) throw new HttpsError('not-found', UNKNOWN_NUMBER);
  const secrets = await readNumberSecrets(db, input.phoneId);
  const batch = db.batch();
  batch.delete(db.doc(secretsPath(input.phoneId)));
  batch.delete(db.doc(paths.waNumber(input.phoneId)));
  await batch.commit();
  const others = await db.collection(paths.waNumbers()).where('wabaId', '==', number.wabaId).limit(1).get();
  if (others.empty && secrets) {
    try {
      await unsubscribeWaba(secrets.longAccessToken, number.wabaId);
    } catch (error) {
      // The number is gone on our side either way; Meta's subscription without a number routes nowhere.
      if (!(error instanceof GraphError)) throw error;
      console.warn('[whatsapp] unsubscribing the WABA failed:', error.message);
    }
  }
  return { ok: true, message: T.numberRemoved, phoneId: input.phoneId };
}

export const getWhatsappNumbersCallable = defineCallable(channelsApi.getWhatsappNumbers, (input, request) => getWhatsappNumbers(input, callerOf(request)));
export const removeWhatsappNumberCallable = defineCallable(channelsApi.removeWhatsappNumber, (input, request) => removeWhatsappNumber(input, callerOf(request)));
