// The shared inbound pipeline every channel plugs into. A webhook verifies its provider's signature, then calls
// acceptInbound(message): the message is recorded once by provider message id and its answer queued; the
// task-queue function `channelAnswer` answers through the conversation runtime and sends the reply with the
// channel's registered ChannelSender. Operator replies from Chats go out with relayOperatorMessage.
export type { ChannelKind, ChannelSender, ChannelTarget, InboundMessage } from './types';
export { ChannelSendError } from './types';
export { registerChannelSender, senderFor } from './senders';
export { acceptInbound, type Accepted } from './accept';
export { answerEvent, usePipelineRuntime } from './answer';
export { ANSWER_QUEUE, useAnswerQueue, type AnswerQueue } from './queue';
export type { AnswerTask } from './events';
export { eventIdOf } from './events';
export { threadKeyOf } from './threads';
export { channelAnswer } from './task';
export { CHANNEL_GONE, isChannelConversation, NOT_DELIVERED, relayOperatorMessage } from './relay';
export { sendChannelConnectionHook } from './hook';
