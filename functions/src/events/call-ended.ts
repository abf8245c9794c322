// call.ended: told once per call, when its end-of-call report has been recorded (voice/calls/finish.ts). The
// delivery's id names the call, so a second report of the same call sends nothing.
import { createHash } from 'node:crypto';
import type { Region } from '@parley/core';
import type { EventsDeps } from './deps';
import { emitAgentEvents } from './emit';

export interface EndedCall {
  region: Region;
  agentId: string;
  /** The agent's workspace (the call's state holds it). */
  workspaceId: string;
  callId: string;
  conversationId: string;
  durationSeconds: number;
  endedReason: string;
  endedAt: number;
}

const callDeliveryId = (callId: string) => `call_${createHash('sha256').update(callId).digest('base64url').slice(0, 40)}`;

/** Queues call.ended when the agent's workspace wants it. Never throws. */
export async function emitCallEnded(deps: EventsDeps, call: EndedCall): Promise<void> {
  const { region, agentId, workspaceId, ...payload } = call;
  await emitAgentEvents(deps, { region, agentId, workspaceId, type: 'call.ended', payloads: [{ ...payload, region }] }, { onceIds: [callDeliveryId(call.callId)] });
}
