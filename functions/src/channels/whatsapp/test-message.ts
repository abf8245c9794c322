// sendWhatsappTestMessage: the Send Test Message form. Its three validation messages are refusals
// (invalid-argument); outside the 24-hour window "You must initiate the conversation …" comes back
// without calling Meta (Meta would accept the send and fail it later).
import { CHANNEL_MESSAGES, channelsApi, validateWhatsappTestMessage } from '@parley/core';
import { HttpsError } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireAgentAccess, type TokenCaller } from '../../access';
import { defineCallable } from '../../callable/define-callable';
import { GraphError } from '../meta/graph';
import { REENGAGEMENT_ERROR_CODE, sendWhatsappText } from './cloud-api';
import { readNumber, readNumberSecrets, windowOpen } from './numbers';

const T = channelsApi.META_TEXTS;
export const waIdOf = (phone: string): string => phone.replace(/\D+/g, '');

export async function sendWhatsappTestMessage(input: z.output<typeof channelsApi.sendWhatsappTestMessage.input>, caller: TokenCaller) {
  const { db } = await requireAgentAccess(caller, input.region, input.agentId);
  const invalid = validateWhatsappTestMessage({ phone: input.to, numberId: input.phoneId, message: input.message });
  if (invalid) throw new HttpsError('invalid-argument', invalid);
  const number = await readNumber(db, input.phoneId);
  const secrets = number?.agentId === input.agentId ? await readNumberSecrets(db, input.phoneId) : null;
  // A number id that is not this agent's is not reachable.
  if (!number || !secrets) throw new HttpsError('invalid-argument', CHANNEL_MESSAGES.waPhoneAndId);
  const to = waIdOf(input.to);
  if (!(await windowOpen(db, input.phoneId, to))) return { ok: false, message: T.waInitiate };
  try {
    const messageId = await sendWhatsappText(secrets.longAccessToken, input.phoneId, to, input.message.trim());
    return { ok: true, message: T.messageSent, messageId };
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    return { ok: false, message: error.code === REENGAGEMENT_ERROR_CODE ? T.waInitiate : T.waSendFailed(error.message) };
  }
}

export const sendWhatsappTestMessageCallable = defineCallable(channelsApi.sendWhatsappTestMessage, (input, request) => sendWhatsappTestMessage(input, callerOf(request)));
