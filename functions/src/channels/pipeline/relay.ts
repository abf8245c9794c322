// Operator replies from Chats to a channel user: sent through the channel's sender before they are stored, so an
// operator sees at once when the provider refused (e.g. WhatsApp's 24-hour window) instead of failing silently.
import { channelsApi, type Conversation } from '@parley/core';
import type { OperatorRelay } from '../../conversations';
import type { ChannelSenders } from './senders';
import { ChannelSendError, type ChannelKind } from './types';

export const NOT_DELIVERED = 'The message could not be delivered. Please try again.';
export const CHANNEL_GONE = 'This channel is no longer connected, so the message cannot be delivered.';

export function isChannelConversation(conversation: Pick<Conversation, 'channel'>): conversation is Pick<Conversation, 'channel'> & { channel: ChannelKind } {
  return (channelsApi.CHANNEL_KINDS as readonly string[]).includes(conversation.channel);
}

/** Sends the operator's text to the conversation's channel user; a ChannelSendError carries what to tell the operator. */
export const operatorRelay = (senders: ChannelSenders): OperatorRelay => async (region, conversation, text) => {
  if (!isChannelConversation(conversation)) return;
  const user = conversation.channelUser;
  const sender = senders[conversation.channel];
  if (!user || !sender) throw new ChannelSendError(CHANNEL_GONE);
  try {
    await sender.sendText({ region, agentId: conversation.agentId, endpointId: user.endpointId, userId: user.id, byPerson: true }, text);
  } catch (error) {
    if (error instanceof ChannelSendError) throw error;
    console.warn(`[channels] operator reply to ${conversation.channel} failed:`, error instanceof Error ? error.message : 'unknown');
    throw new ChannelSendError(NOT_DELIVERED, true);
  }
};
