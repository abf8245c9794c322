// POST /v2/voice/{region}/agents/{agentId}/llm/chat/completions: the agent's custom LLM. The voice provider sends the
// call's OpenAI-style messages with the agent's voice secret as bearer; the caller's last line is answered by the
// conversation engine — the same one as the widget and the channels (knowledge, tools, flow steps, takeover, credits
// reserved per answer) — in the call's conversation, and streamed back as OpenAI chat.completion.chunk events.
// A web call answers with promptOnWeb instead of the agent's prompt unless overrideWithVG is on. An answer the engine
// refuses (no credits, a cap) is spoken as its sentence.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { conversationsApi, voiceApi, type VoiceCallState } from '@parley/core';
import { HttpError } from '../http/endpoint';
import { defineEndpoint } from '../http/endpoint';
import { prepareAnswer, runAnswer, runtimeAgent, StopError, type RuntimeAgent } from '../conversations';
import { storedLlmSecret } from './assistant';
import { callRoute, openCall } from './calls/state';
import type { VoiceDeps } from './deps';
import { UNAUTHORIZED, VOICE_RATE_RULES } from './rate-rules';
import { headerValue, sameSecret } from './secret';

const contract = voiceApi.voiceLlm;
type Body = ReturnType<typeof contract.body.parse>;

/** The caller's last line (text parts of the last user message). */
export function lastCallerLine(messages: Body['messages']): string {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  const content = last?.content;
  const text = typeof content === 'string' ? content : Array.isArray(content) ? content.map((p) => (typeof p === 'object' && p && 'text' in p ? String((p as { text: unknown }).text) : '')).join(' ') : '';
  return text.trim().slice(0, conversationsApi.MAX_CHAT_MESSAGE_CHARS);
}

/** The prompt a web call answers with: promptOnWeb, unless overrideWithVG keeps the agent's own. */
function webPromptDraft(agent: RuntimeAgent): { vg_systemPrompt: string } | null {
  const promptOnWeb = (agent as { vapiConfig?: { promptOnWeb?: unknown } }).vapiConfig?.promptOnWeb;
  if ((agent as { overrideWithVG?: unknown }).overrideWithVG === true || typeof promptOnWeb !== 'string' || !promptOnWeb.trim()) return null;
  return { vg_systemPrompt: promptOnWeb };
}

function openStream(res: ServerResponse, id: string, model: string, created: number) {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
  res.socket?.setNoDelay(true);
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  res.write(chunk({ role: 'assistant', content: '' }, null));
  return {
    delta: (text: string) => void (!res.writableEnded && res.write(chunk({ content: text }, null))),
    end: () => {
      if (res.writableEnded) return;
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
    },
  };
}

export const voiceLlmEndpoint = (deps: VoiceDeps) => defineEndpoint(contract, async ({ params, headers, body, res, ip, limits }) => {
  const { region, agentId } = params;
  const db = deps.db(region);
  const callId = body.call?.id;
  const engine = deps.engine();
  // The agent's secret and the call (both kept by a warm instance), beside the address's check and the agent's
  // settings (the engine's). The agent's allowance is counted only for a request that holds the secret, while the
  // engine reads what the answer needs: it reserves nothing and asks no model before the limits pass.
  const notExhausted = limits.enforceNotExhausted(VOICE_RATE_RULES.badSecretIp, ip);
  const agentRead = runtimeAgent(engine, region, agentId);
  const callRead = callId ? callRoute(deps, region, callId) : Promise.resolve(null);
  for (const read of [notExhausted, agentRead, callRead]) read.catch(() => undefined);
  const stored = await storedLlmSecret(deps, region, agentId);
  const bearer = headerValue(headers, 'authorization').replace(/^Bearer\s+/i, '');
  if (!bearer || !stored || !sameSecret(bearer, stored)) {
    await notExhausted;
    await limits.recordFailure(VOICE_RATE_RULES.badSecretIp, ip);
    throw new HttpError(401, UNAUTHORIZED);
  }
  const limited = Promise.all([notExhausted, limits.enforce({ rule: VOICE_RATE_RULES.llmAgent, key: agentId })]);
  limited.catch(() => undefined);
  const admitted = async () => {
    await limited;
  };
  if (!callId) {
    await admitted();
    throw new HttpError(400, 'Invalid input — call: the call this turn belongs to is required.');
  }
  const agent = await agentRead;
  // A call the provider started without us (from its dashboard) becomes a conversation at its first turn.
  const state: VoiceCallState =
    (await callRead) ??
    (await admitted().then(() => openCall(db, {
      region, callId, agent: { ID: agentId, ownerID: agent.ownerID }, channel: body.call?.type === 'webCall' ? 'webcall' : 'phone', holdsLine: false,
      summary: { callerNumber: String((body.call as { customer?: { number?: unknown } }).customer?.number ?? ''), agentNumber: '', direction: body.call?.type === 'webCall' ? 'web' : 'inbound' },
    }, deps.now())));
  if (state.agentId !== agentId || state.region !== region) {
    await admitted();
    throw new HttpError(403, 'This call belongs to another agent.');
  }
  const message = lastCallerLine(body.messages);
  const id = `chatcmpl-${randomBytes(12).toString('hex')}`;
  const created = Math.floor(deps.now() / 1000);
  const model = body.model ?? 'parley';
  let spoken: string[] = [];
  // The stream opens with the first words (a refusal before them is still an HTTP status).
  const out: { stream: ReturnType<typeof openStream> | null } = { stream: null };
  const opened = () => (out.stream ??= openStream(res, id, model, created));
  const say = (text: string) => {
    if (body.stream) opened().delta(text);
  };
  if (message) {
    const draft = state.channel === 'webcall' ? webPromptDraft(agent) : null;
    try {
      const prepared = await prepareAnswer(engine, region, agentId, { conversationId: state.conversationId, action: 'text', message, stream: !!body.stream, ...(draft ? { draft } : {}) }, {
        channel: state.channel,
        admit: admitted,
        // The web prompt is the agent's own setting applied by us, not a visitor's draft.
        ...(draft ? { ownerVerified: true } : {}),
      });
      const result = await runAnswer(engine, prepared, { onDelta: say });
      spoken = result.parts;
    } catch (error) {
      if (!(error instanceof StopError)) {
        if (out.stream) {
          console.error('[voice] answer failed:', error instanceof Error ? error.message : 'unknown');
          out.stream.end();
          return undefined;
        }
        throw error;
      }
      spoken = [error.message];
      say(error.message);
    }
  }
  if (body.stream) {
    opened().end();
    return undefined;
  }
  return { body: { id, object: 'chat.completion', created, model, choices: [{ index: 0, message: { role: 'assistant', content: spoken.join(' ') }, finish_reason: 'stop' }] } };
});
