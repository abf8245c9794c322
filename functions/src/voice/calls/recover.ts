// Calls whose end never reached us (Vapi sends the end-of-call report once, with no retry): a line held longer than
// any call may last is read back from the provider, and an ended call is finished as its report would have — line
// released, minutes billed once (the billed flag still guards), summary completed. A call the provider cannot tell us
// about is left to the next read-back; its line is already let go.
import type { Region } from '@parley/core';
import type { VoiceDeps } from '../deps';
import { workspaceVoice } from '../provider';
import { finishCall } from './finish';
import { callRoute } from './state';

/** Lines acquired under a provisional key (a call being placed) are not the provider's call ids. */
const isCallId = (key: string) => !key.startsWith('pending_');

export async function recoverCalls(deps: VoiceDeps, region: Region, keys: readonly string[]): Promise<void> {
  await Promise.all(
    keys.filter(isCallId).map(async (callId) => {
      try {
        // A call on the workspace's own key is read back from its own account.
        const state = await callRoute(deps, region, callId);
        const provider = state?.ownKey ? (await workspaceVoice(deps, region, state.ownerID)).provider : deps.provider();
        if (!provider) return;
        const call = await provider.getCall(callId);
        if (call.status !== 'ended') return;
        const endedAt = call.endedAt ?? deps.now();
        await finishCall(deps, region, {
          callId,
          durationSeconds: Math.round(Math.max(0, endedAt - (call.startedAt ?? endedAt)) / 1000),
          endedReason: call.endedReason ?? 'unknown',
          endedAt,
          cost: call.cost ?? 0,
          ...(call.recordingUrl ? { recordingUrl: call.recordingUrl } : {}),
        });
      } catch (error) {
        console.warn('[voice] reading back a call failed:', callId, error instanceof Error ? error.message : 'unknown');
      }
    }),
  );
}
