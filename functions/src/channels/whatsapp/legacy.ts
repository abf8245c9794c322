// The Legacy Method: the owner's own Meta app sends its webhooks to {api}/agents/{agentId}/wa-webhook. The
// handshake's verify token is the agent id; passing it sets the agent's waVerifyPassed (the connected banner).
// The agent id is no secret, so the handshake marks only an agent whose owner opened the Legacy Method recently
// (startWhatsappLegacySetup records it in the agent's private documents); it is rate-limited per address.
// Events must carry X-Hub-Signature-256 made with that app's secret (saved with the legacy fields as
// whatsappAppSecret, kept in voiceglow/{id}/private/secrets); they are for the agent's saved number only.
// Run Test sends a message from the saved number to the saved test number.
import { channelsApi, paths, type Region } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { callerOf, requireAgentAccess, type TokenCaller } from '../../access';
import { databaseFor } from '../../adapters/firestore';
import { defineCallable } from '../../callable/define-callable';
import { defineEndpoint, HttpError } from '../../http/endpoint';
import { RATE_RULES } from '../../rate-limits';
import { GraphError } from '../meta/graph';
import { answerChallenge, requireMetaSignature, VERIFY_FAILED } from '../meta/webhook';
import { CHANNEL_RATE_RULES } from '../shared/webhook-rate-rules';
import { sendWhatsappText } from './cloud-api';
import { handleWhatsappChange, type WhatsappChangeValue } from './inbound';
import { legacyEndpointId } from './numbers';
import type { z } from 'zod';
import type { InboundDeps } from '../pipeline';

const T = channelsApi.META_TEXTS;
export const LEGACY_NOT_SAVED = 'Please save the access token, business id and number id first.';
export const LEGACY_NO_TEST_NUMBER = 'Please save a test number first.';

/** The region holding the agent (the legacy URL names none). */
async function agentRegion(agentId: string): Promise<{ region: Region; db: Firestore } | null> {
  for (const region of ['na', 'eu'] as const) {
    const db = databaseFor(region);
    if ((await db.doc(paths.agent(agentId)).get()).exists) return { region, db };
  }
  return null;
}

const HANDSHAKE_WINDOW_MS = channelsApi.WHATSAPP_LEGACY_HANDSHAKE_HOURS * 3_600_000;

/** The owner opened the Legacy Method: Meta's handshake may mark the agent for the next hours. */
export async function startWhatsappLegacySetup(input: z.output<typeof channelsApi.startWhatsappLegacySetup.input>, caller: TokenCaller, now = Date.now()) {
  const { db } = await requireAgentAccess(caller, input.region, input.agentId);
  await db.doc(paths.agentWhatsappLegacy(input.agentId)).set({ startedAt: now }, { merge: true });
  return { started: true as const };
}

export const startWhatsappLegacySetupCallable = defineCallable(channelsApi.startWhatsappLegacySetup, (input, request) => startWhatsappLegacySetup(input, callerOf(request)));

async function legacySetupStarted(db: Firestore, agentId: string, now: number): Promise<boolean> {
  const startedAt = (await db.doc(paths.agentWhatsappLegacy(agentId)).get()).get('startedAt');
  return typeof startedAt === 'number' && now - startedAt >= 0 && now - startedAt <= HANDSHAKE_WINDOW_MS;
}

export const whatsappLegacyWebhookVerifyEndpoint = defineEndpoint(channelsApi.whatsappLegacyWebhookVerify, async ({ params, query, res, ip, limits }) => {
  await limits.enforce({ rule: RATE_RULES.waHandshakeIp, key: ip });
  if (query['hub.mode'] !== 'subscribe' || !query['hub.challenge'] || query['hub.verify_token'] !== params.agentId) throw new HttpError(403, VERIFY_FAILED);
  const found = await agentRegion(params.agentId);
  if (!found || !(await legacySetupStarted(found.db, params.agentId, Date.now()))) throw new HttpError(403, VERIFY_FAILED);
  await found.db.doc(paths.agent(params.agentId)).set({ waVerifyPassed: true }, { merge: true });
  return answerChallenge(res, query['hub.challenge']);
});

export const whatsappLegacyWebhookEndpoint = (deps: InboundDeps) => defineEndpoint(channelsApi.whatsappLegacyWebhook, async ({ params, body, rawBody, headers, ip, limits }) => {
  const found = await agentRegion(params.agentId);
  const secret = found ? (await found.db.doc(paths.agentSecrets(params.agentId)).get()).get('whatsappAppSecret') : undefined;
  await requireMetaSignature(limits, typeof secret === 'string' ? secret : '', rawBody, headers[channelsApi.META_SIGNATURE_HEADER], ip);
  if (!found || body.object !== 'whatsapp_business_account') return { body: { ok: true } };
  await limits.enforce({ rule: CHANNEL_RATE_RULES.webhookAgent, key: `whatsapp/${params.agentId}` });
  const numberId = (await found.db.doc(paths.agent(params.agentId)).get()).get('whatsappNumberId');
  const entries = Array.isArray(body.entry) ? (body.entry as Array<{ changes?: Array<{ field?: unknown; value?: WhatsappChangeValue }> }>) : [];
  for (const change of entries.flatMap((e) => e.changes ?? [])) {
    if (change.field !== 'messages' || !change.value || String(change.value.metadata?.phone_number_id ?? '') !== String(numberId ?? '')) continue;
    await handleWhatsappChange(deps.answerQueue, { region: found.region, db: found.db, agentId: params.agentId, endpointId: legacyEndpointId(params.agentId) }, change.value);
  }
  return { body: { ok: true } };
});

export async function runWhatsappLegacyTest(input: z.output<typeof channelsApi.runWhatsappLegacyTest.input>, caller: TokenCaller) {
  const { db, agent } = await requireAgentAccess(caller, input.region, input.agentId);
  const waVerifyPassed = agent.waVerifyPassed === true;
  const phoneId = channelsApi.metaIdSchema.safeParse(agent.whatsappNumberId);
  const token = (await db.doc(paths.agentSecrets(input.agentId)).get()).get('whatsappToken');
  if (!phoneId.success || typeof token !== 'string' || !token) return { ok: false, message: T.waSendFailed(LEGACY_NOT_SAVED), waVerifyPassed };
  const to = String(agent.waTestNumber ?? '').replace(/\D+/g, '');
  if (!to) return { ok: false, message: T.waSendFailed(LEGACY_NO_TEST_NUMBER), waVerifyPassed };
  try {
    await sendWhatsappText(token, phoneId.data, to, T.legacyTestMessage);
    return { ok: true, message: T.messageSent, waVerifyPassed };
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    return { ok: false, message: T.waSendFailed(error.message), waVerifyPassed };
  }
}

export const runWhatsappLegacyTestCallable = defineCallable(channelsApi.runWhatsappLegacyTest, (input, request) => runWhatsappLegacyTest(input, callerOf(request)));
