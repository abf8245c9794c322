// The shared inbound pipeline's public types: what a channel's webhook hands over (InboundMessage) and what a
// channel provides to answer (ChannelSender). Webhooks verify their provider's signature, then call
// acceptInbound(); everything after that (dedupe, queue, runtime, metering, Chats, takeover) is the pipeline's.
import type { channelsApi, Region } from '@parley/core';
import { DeliveryError } from '../../conversations';

export type ChannelKind = channelsApi.ChannelKind;

/** One message a user wrote on a channel, as a verified webhook hands it to the pipeline. */
export interface InboundMessage {
  channel: ChannelKind;
  region: Region;
  agentId: string;
  /** The connected endpoint: the channel record's document id (telegramBots/{botId}, discordChannels/{id}, metaPages/{id}, waNumbers/{id}). */
  endpointId: string;
  /** The provider's id of this message (Telegram update_id, WhatsApp wamid, Messenger mid, Discord interaction id): processed once. */
  providerMessageId: string;
  /** The user at the provider (chat id, phone number, PSID, Discord user id): one conversation per endpoint and user. */
  userId: string;
  /** The name the user shows (Chats lists it). */
  userName: string;
  text: string;
  /**
   * What the channel's sender needs to reply to this very message (e.g. Discord's interaction token), kept in the
   * function-only event document, never in a conversation.
   */
  context?: Record<string, string>;
}

/** Where a reply goes: a user of a connected endpoint (and, for a reply to an inbound message, its context). */
export interface ChannelTarget {
  region: Region;
  agentId: string;
  endpointId: string;
  userId: string;
  context?: Record<string, string>;
  /** A person (the operator in Chats) is replying, not the agent: some providers allow people a longer window. */
  byPerson?: boolean;
}

/** How a channel sends: text to a user of a connected endpoint; optionally a typing indicator. */
export interface ChannelSender {
  sendText(target: ChannelTarget, text: string): Promise<void>;
  /** Shown while the agent thinks; failures are ignored. */
  typing?(target: ChannelTarget): Promise<void>;
  /**
   * The user's display name at the provider, for a channel whose webhooks carry only an id: asked once, when the
   * user's first message starts their thread (in the answer task, never before the webhook is acknowledged).
   * Null when it cannot be had; it never throws.
   */
  displayName?(target: ChannelTarget, channel: ChannelKind): Promise<string | null>;
}

/**
 * A send the provider refused for a reason the operator can act on (e.g. WhatsApp's 24-hour window): its
 * `message` is shown to the operator as is. Anything else thrown by a sender is retried (agent replies) or
 * reported as a generic failure (operator replies).
 */
export class ChannelSendError extends DeliveryError {
  constructor(message: string, retryable = false) {
    super(message, retryable);
    this.name = 'ChannelSendError';
  }
}
