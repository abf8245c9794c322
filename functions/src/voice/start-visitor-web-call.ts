// POST /public/agents/{id}/web-call: the widget's call button. Counted per address and per agent before anything is
// read; App Check and the agent's allowed domains as for the chat; only with the agent's web calling on; then placed
// like any call (credits, monthly caps, a free line), so a refusal is a 4xx sentence and the visitor never starts a
// call the workspace cannot pay for.
import { voiceApi, voiceConfigSchema } from '@parley/core';
import { loadStoredAgent, requireAllowedOrigin, requireAppCheck, UNKNOWN_AGENT } from '../access';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { placeWebCall } from './calls/place-call';
import type { VoiceDeps } from './deps';
import { VOICE_RATE_RULES } from './rate-rules';

const M = voiceApi.VOICE_MESSAGES;

export const startVisitorWebCallEndpoint = (deps: VoiceDeps) => defineEndpoint(voiceApi.startVisitorWebCall, async ({ params, query, headers, ip, limits }) => {
  await limits.enforce({ rule: VOICE_RATE_RULES.webCallIp, key: ip }, { rule: VOICE_RATE_RULES.webCallAgent, key: params.agentId });
  const [agent] = await Promise.all([loadStoredAgent(deps.db(query.region), params.agentId), requireAppCheck(headers, deps.appCheck)]);
  if (!agent) throw new HttpError(404, UNKNOWN_AGENT);
  requireAllowedOrigin({ allowedDomains: Array.isArray(agent.allowedDomains) ? agent.allowedDomains : [] }, headers);
  if (!voiceConfigSchema.parse(agent.voiceConfig ?? {}).config.enableWebCalling) throw new HttpError(403, M.webCallingOff);
  const placed = await placeWebCall(deps, query.region, agent).catch((error: unknown) => {
    // The visitor is told the call cannot start, never why the workspace refused it (its credits, its plan).
    if (error instanceof HttpError && error.status === 402) throw new HttpError(402, M.busyWebCall);
    throw error;
  });
  return { body: { success: true, data: { callId: placed.callId, webCallUrl: placed.webCallUrl } } };
});
