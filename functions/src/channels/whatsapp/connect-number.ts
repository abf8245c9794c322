// connectWhatsappNumber: registers the number for the Cloud API (with a new two-step PIN, kept privately),
// subscribes our app to its WABA's webhooks, makes sure our app webhook is set, then stores waNumbers/{phoneId}
// (the token in its private/secrets) for the agent and sends the new-channel-connection hook.
import { randomInt } from 'node:crypto';
import { channelsApi, paths, type WaNumber } from '@parley/core';
import type { z } from 'zod';
import { callerOf, hasAgentAccess, requireAgentAccess, type TokenCaller } from '../../access';
import { defineCallable } from '../../callable/define-callable';
import { ensureAppWebhook } from '../meta/app-webhook';
import { GraphError } from '../meta/graph';
import { META_SECRETS } from '../meta/settings';
import { sendChannelConnectionHook } from '../pipeline';
import { registerNumber, subscribeWaba } from './cloud-api';
import { readNumber, secretsPath } from './numbers';
import { signupToken } from './signup';
import type { RaisesEvents } from '../../events';

const T = channelsApi.META_TEXTS;
export const NUMBER_OF_ANOTHER_AGENT = 'This number is connected to another agent.';

export async function connectWhatsappNumber(deps: RaisesEvents, input: z.output<typeof channelsApi.connectWhatsappNumber.input>, caller: TokenCaller) {
  const { db, ownerID, agent } = await requireAgentAccess(caller, input.region, input.agentId);
  const token = await signupToken(input.region, caller.uid);
  if (!token) return { ok: false, message: T.waErrorOccurred(T.signupFirst) };
  const holder = await readNumber(db, input.phoneId);
  if (holder && holder.agentId !== input.agentId && !(await hasAgentAccess(caller, input.region, holder.agentId))) {
    return { ok: false, message: T.waErrorOccurred(NUMBER_OF_ANOTHER_AGENT) };
  }
  const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
  try {
    await registerNumber(token, input.phoneId, pin);
    await subscribeWaba(token, input.wabaId);
    await ensureAppWebhook('whatsapp_business_account');
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    return { ok: false, message: T.waErrorOccurred(error.message) };
  }
  const record: WaNumber = { agentId: input.agentId, wabaId: input.wabaId, phoneId: input.phoneId, phoneNumber: input.phoneNumber };
  const batch = db.batch();
  batch.set(db.doc(paths.waNumber(input.phoneId)), record);
  batch.set(db.doc(secretsPath(input.phoneId)), { longAccessToken: token, pin });
  await batch.commit();
  sendChannelConnectionHook(deps, db, ownerID, { agentId: input.agentId, channelId: input.phoneId, agentType: String(agent.agentPlatform ?? 'vg'), channelType: 'whatsapp' });
  return { ok: true, message: T.numberConnected, newAddedNumber: record };
}

export const connectWhatsappNumberCallable = (deps: RaisesEvents) =>
  defineCallable(channelsApi.connectWhatsappNumber, (input, request) => connectWhatsappNumber(deps, input, callerOf(request)), { secrets: META_SECRETS });
