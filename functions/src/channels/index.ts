// Channels: agents answering on Telegram, Discord, WhatsApp, Messenger and Instagram through one inbound pipeline
// (pipeline/: once-only events, the channelAnswer task queue, the conversation engine, Chats, takeover). Each
// channel's folder exports its ChannelSender, its connection lister, its callables and its webhook endpoints; the
// maps below say which is whose, and the composition hands them to the pipeline and the operator relay.
import type { RaisesEvents } from '../events';
import type { Endpoint } from '../http/endpoint';
import { discordEndpoints, discordSender, saveDiscordChannelCallable } from './discord';
import { googleChatWebhookEndpoint } from './google-chat/webhook';
import { connectMetaPageCallable, instagramConnections, messengerConnections, pageSender } from './messenger';
import { metaEndpoints } from './meta';
import type { ChannelSenders, InboundDeps } from './pipeline';
import { discordConnections, telegramConnections, type ConnectionListers } from './settings/list-connections';
import { saveTelegramBotCallable, telegramEndpoints, telegramSender } from './telegram';
import { connectWhatsappNumberCallable, whatsappConnections, whatsappEndpoints, whatsappSender } from './whatsapp';

export {
  answerEvent, channelAnswerTask, ChannelSendError, cloudTasksAnswerQueue, isChannelConversation, operatorRelay, type AnswerQueue, type ChannelSenders,
  type InboundDeps, type PipelineDeps,
} from './pipeline';

/** Who sends on each channel (Instagram DMs go through the Messenger page). */
export const channelSenders: ChannelSenders = {
  telegram: telegramSender,
  discord: discordSender,
  whatsapp: whatsappSender,
  messenger: pageSender,
  instagram: pageSender,
};

/** Who lists each channel's connections (listChannelConnections). */
export const connectionListers: ConnectionListers = {
  telegram: telegramConnections,
  discord: discordConnections,
  whatsapp: whatsappConnections,
  messenger: messengerConnections,
  instagram: instagramConnections,
};

/** The callables that connect a channel; each raises new-channel-connection on the composition's events. */
export const channelConnectCallables = (deps: RaisesEvents) => ({
  saveTelegramBot: saveTelegramBotCallable(deps),
  saveDiscordChannel: saveDiscordChannelCallable(deps),
  connectWhatsappNumber: connectWhatsappNumberCallable(deps),
  connectMetaPage: connectMetaPageCallable(deps),
});

export { disconnectTelegramBotCallable as disconnectTelegramBot } from './telegram';
export {
  disconnectDiscordChannelCallable as disconnectDiscordChannel,
  discordInstallLinkCallable as discordInstallLink,
} from './discord';
export { saveChannelSettingsCallable as saveChannelSettings } from './settings/save-settings';
export { listChannelConnectionsCallable, type ConnectionListers } from './settings/list-connections';
export { META_SECRETS, getMetaClientConfigCallable as getMetaClientConfig } from './meta';
export {
  getLongAccessTokenCallable as getLongAccessToken,
  getDetailsOfWhatsappNumberCallable as getDetailsOfWhatsappNumber,
  getWhatsappNumbersCallable as getWhatsappNumbers,
  removeWhatsappNumberCallable as removeWhatsappNumber,
  sendWhatsappTestMessageCallable as sendWhatsappTestMessage,
  createWhatsappTemplateCallable as createWhatsappTemplate,
  runWhatsappLegacyTestCallable as runWhatsappLegacyTest,
  startWhatsappLegacySetupCallable as startWhatsappLegacySetup,
} from './whatsapp';
export {
  exchangeMetaTokenCallable as exchangeMetaToken,
  tokenToPagesCallable as tokenToPages,
  checkPageSubscriptionsCallable as checkPageSubscriptions,
  removeMetaPageCallable as removeMetaPage,
} from './messenger';

/** The channels' webhooks, served by the api function; their messages' answers go on `deps.answerQueue`. */
export const channelEndpoints = (deps: InboundDeps): Endpoint[] => [
  ...telegramEndpoints(deps), ...discordEndpoints(deps), googleChatWebhookEndpoint, ...metaEndpoints(deps), ...whatsappEndpoints(deps),
];
