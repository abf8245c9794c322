// saveChannelSettings: the Channel Settings block (smartInit: on, the first message is answered in context; off,
// a new channel conversation starts with the agent's launch message). Members of the agent's workspace.
import { channelsApi, paths } from '@parley/core';
import type { z } from 'zod';
import { callerOf, requireAgentAccess, type Caller } from '../../access';
import { defineCallable } from '../../callable/define-callable';

export async function saveChannelSettings(input: z.output<typeof channelsApi.saveChannelSettings.input>, caller: Caller) {
  const { db } = await requireAgentAccess(caller, input.region, input.agentId);
  await db.doc(paths.agent(input.agentId)).update({ smartInit: input.smartInit, lastModified: Math.floor(Date.now() / 1000) });
  return { smartInit: input.smartInit };
}

export const saveChannelSettingsCallable = defineCallable(channelsApi.saveChannelSettings, (input, request) => saveChannelSettings(input, callerOf(request)));
