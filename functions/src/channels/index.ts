// Channels: agents answering on Telegram, Discord, WhatsApp, Messenger and Instagram through one inbound pipeline
// (pipeline/: once-only events, the channelAnswer task queue, runtime + metering, Chats, takeover). Each channel's
// folder registers its ChannelSender and exports its callables and webhook endpoints.
import type { Endpoint } from '../http/endpoint';
import { discordEndpoints } from './discord';
import { googleChatWebhookEndpoint } from './google-chat/webhook';
import { telegramEndpoints } from './telegram';
import { metaEndpoints } from './meta';
import { whatsappEndpoints } from './whatsapp';

export { channelAnswer, isChannelConversation, relayOperatorMessage, ChannelSendError } from './pipeline';
export { saveTelegramBotCallable as saveTelegramBot, disconnectTelegramBotCallable as disconnectTelegramBot } from './telegram';
export {
  saveDiscordChannelCallable as saveDiscordChannel,
  disconnectDiscordChannelCallable as disconnectDiscordChannel,
  discordInstallLinkCallable as discordInstallLink,
} from './discord';
export { saveChannelSettingsCallable as saveChannelSettings } from './settings/save-settings';
export { listChannelConnectionsCallable as listChannelConnections, registerConnectionLister } from './settings/list-connections';
export { META_SECRETS, getMetaClientConfigCallable as getMetaClientConfig } from './meta';
export {
  getLongAccessTokenCallable as getLongAccessToken,
  getDetailsOfWhatsappNumberCallable as getDetailsOfWhatsappNumber,
  connectWhatsappNumberCallable as connectWhatsappNumber,
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
  connectMetaPageCallable as connectMetaPage,
  removeMetaPageCallable as removeMetaPage,
} from './messenger';

/** The channels' webhooks, served by the api function. */
export const endpoints: Endpoint[] = [...telegramEndpoints, ...discordEndpoints, googleChatWebhookEndpoint, ...metaEndpoints, ...whatsappEndpoints];
