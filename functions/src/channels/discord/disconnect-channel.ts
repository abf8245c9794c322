// disconnectDiscordChannel: the record and its webhook URL are deleted, so /ask there is no longer answered and
// nothing more is posted (the webhook itself belongs to the server's admins). Past conversations stay in Chats.
import { channelsApi, paths } from '@parley/core';
import type { z } from 'zod';
import { callerOf, requireAgentAccess, type Caller } from '../../access';
import { defineCallable } from '../../callable/define-callable';
import { channelSecretsPath, forgetChannel, readChannelOfAgent } from './discord-channels';

export async function disconnectDiscordChannel(input: z.output<typeof channelsApi.disconnectDiscordChannel.input>, caller: Caller) {
  const { db } = await requireAgentAccess(caller, input.region, input.agentId);
  const record = await readChannelOfAgent(db, input.agentId);
  if (record) {
    const batch = db.batch();
    batch.delete(db.doc(channelSecretsPath(record.ID)));
    batch.delete(db.doc(paths.discordChannel(record.ID)));
    await batch.commit();
    forgetChannel(record.ID);
  }
  return { ok: true, message: channelsApi.CHANNEL_TEXTS.discordDisconnected };
}

export const disconnectDiscordChannelCallable = defineCallable(channelsApi.disconnectDiscordChannel, (input, request) => disconnectDiscordChannel(input, callerOf(request)));
