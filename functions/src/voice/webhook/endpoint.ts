// POST /v2/voice/webhook: the provider's server messages. The secret header must be ours (compared in constant time)
// before anything is read or stored: 401 otherwise, and an address with many wrong secrets is refused early. Each
// event is processed once, keyed by call id and type (and the status, or the tool calls): assistant-request admits an
// inbound call, status-update "ended" gives its line back, tool-calls runs the agent's tools, end-of-call-report bills
// the minutes and completes the call in Chats. Transcripts are acknowledged only: the engine stores every turn as it
// answers it.
import { voiceApi } from '@parley/core';
import { defineEndpoint, HttpError, parseInput } from '../../http/endpoint';
import { endCall, finishCall } from '../calls/finish';
import type { VoiceDeps } from '../deps';
import { UNAUTHORIZED, VOICE_RATE_RULES } from '../rate-rules';
import { headerValue, sameSecret } from '../secret';
import { answerAssistantRequest, routeCall } from './assistant-request';
import { assistantRequestSchema, callRefSchema, endOfCallSchema, statusUpdateSchema, toolCallsSchema } from './messages';
import { eventId, once } from './once';
import { runToolCalls } from './tool-calls';

const OK = { ok: true } as const;

export const voiceWebhookEndpoint = (deps: VoiceDeps) => defineEndpoint(voiceApi.voiceWebhook, async ({ query, headers, body, ip, limits }) => {
  const notExhausted = limits.enforceNotExhausted(VOICE_RATE_RULES.badSecretIp, ip);
  notExhausted.catch(() => undefined);
  if (!sameSecret(headerValue(headers, voiceApi.VOICE_WEBHOOK_SECRET_HEADER), deps.webhookSecret())) {
    await notExhausted;
    await limits.recordFailure(VOICE_RATE_RULES.badSecretIp, ip);
    throw new HttpError(401, UNAUTHORIZED);
  }
  const { region } = query;
  const message = body.message;
  const call = callRefSchema.safeParse(message.call);
  if (!call.success) throw new HttpError(400, 'Invalid input — message.call: the call is required.');
  const callId = call.data.id;
  const limited = Promise.all([notExhausted, limits.enforce({ rule: VOICE_RATE_RULES.webhookCall, key: callId })]);
  limited.catch(() => undefined);
  const db = deps.db(region);
  const now = deps.now();
  if (message.type === 'assistant-request') {
    // The caller is waiting: who answers is read while the limits are counted; nothing is written before they pass.
    const parsed = parseInput(assistantRequestSchema, message);
    const route = routeCall(deps, region, parsed);
    route.catch(() => undefined);
    return { body: await answerAssistantRequest(deps, region, parsed, route, limited) };
  }
  await limited;
  switch (message.type) {
    case 'status-update': {
      const parsed = parseInput(statusUpdateSchema, message);
      if (parsed.status === 'ended') await once(db, eventId(callId, message.type, parsed.status), now, async () => (await endCall(deps, region, callId), OK), OK);
      return { body: OK };
    }
    case 'tool-calls': {
      const parsed = parseInput(toolCallsSchema, message);
      const key = parsed.toolCallList.map((c) => c.id).join(',');
      return { body: await once(db, eventId(callId, message.type, key), now, () => runToolCalls(deps, region, parsed), { results: [] }) };
    }
    case 'end-of-call-report': {
      const parsed = parseInput(endOfCallSchema, message);
      const endedAt = parsed.endedAt ?? now;
      const seconds = parsed.durationSeconds ?? (parsed.startedAt ? Math.max(0, (endedAt - parsed.startedAt) / 1000) : 0);
      await once(db, eventId(callId, message.type), now, async () => {
        await finishCall(deps, region, {
          callId, durationSeconds: Math.round(seconds), endedReason: parsed.endedReason, endedAt, cost: parsed.cost,
          ...(parsed.artifact?.recordingUrl ? { recordingUrl: parsed.artifact.recordingUrl } : {}),
        });
        return OK;
      }, OK);
      return { body: OK };
    }
    default:
      return { body: OK };
  }
});
