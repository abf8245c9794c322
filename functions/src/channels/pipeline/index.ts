// The shared inbound pipeline every channel plugs into. A webhook verifies its provider's signature, then calls
// acceptInbound(message): the message is recorded once by provider message id and its answer queued; the
// task-queue function `channelAnswer` answers through the conversation runtime and sends the reply with the
// channel's ChannelSender (channels/index.ts maps them). Operator replies from Chats go out with operatorRelay.
export type { ChannelKind, ChannelSender, ChannelTarget, InboundMessage } from './types';
export { ChannelSendError } from './types';
export type { ChannelSenders } from './senders';
export { acceptInbound, type Accepted } from './accept';
export { answerEvent, type PipelineDeps } from './answer';
export { ANSWER_QUEUE, cloudTasksAnswerQueue, type AnswerQueue, type InboundDeps } from './queue';
export type { AnswerTask } from './events';
export { eventIdOf } from './events';
export { threadKeyOf } from './threads';
export { channelAnswerTask } from './task';
export { CHANNEL_GONE, isChannelConversation, NOT_DELIVERED, operatorRelay } from './relay';
export { sendChannelConnectionHook } from './hook';
