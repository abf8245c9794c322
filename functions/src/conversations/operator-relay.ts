// How an operator's reply from Chats reaches a channel user (the channels feature provides it; the composition
// hands it over): sent before it is stored, so an operator sees at once when the provider refused it.
import type { Conversation, Region } from '@parley/core';

/** Sends the operator's text to the conversation's channel user; a no-op for a widget conversation. */
export type OperatorRelay = (region: Region, conversation: Conversation, text: string) => Promise<void>;

/** The reply could not be delivered: the message says why (e.g. WhatsApp's 24-hour window); retryable when it may pass later. */
export class DeliveryError extends Error {
  constructor(message: string, readonly retryable = false) {
    super(message);
    this.name = 'DeliveryError';
  }
}
