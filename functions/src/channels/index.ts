// Channels: agents answering on Telegram, Discord, WhatsApp, Messenger and Instagram through one inbound pipeline
// (pipeline/: once-only events, the channelAnswer task queue, runtime + metering, Chats, takeover). Each channel's
// folder registers its ChannelSender and exports its callables and webhook endpoints.
import type { Endpoint } from '../http/endpoint';
import { discordEndpoints } from './discord';
import { googleChatWebhookEndpoint } from './google-chat/webhook';
import { telegramEndpoints } from './telegram';

export { channelAnswer, isChannelConversation, relayOperatorMessage, ChannelSendError } from './pipeline';
export { saveTelegramBotCallable as saveTelegramBot, disconnectTelegramBotCallable as disconnectTelegramBot } from './telegram';
export {
  saveDiscordChannelCallable as saveDiscordChannel,
  disconnectDiscordChannelCallable as disconnectDiscordChannel,
  discordInstallLinkCallable as discordInstallLink,
} from './discord';
export { saveChannelSettingsCallable as saveChannelSettings } from './settings/save-settings';
export { listChannelConnectionsCallable as listChannelConnections, registerConnectionLister } from './settings/list-connections';

/** The channels' webhooks, served by the api function. */
export const endpoints: Endpoint[] = [...telegramEndpoints, ...discordEndpoints, googleChatWebhookEndpoint];
