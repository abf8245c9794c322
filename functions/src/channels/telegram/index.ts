// Telegram: connect a bot (saveTelegramBot), disconnect it, its webhook, and the sender the pipeline answers with.
import { registerChannelSender } from '../pipeline';
import { telegramSender } from './sender';
import { telegramWebhookEndpoint } from './webhook';

registerChannelSender('telegram', telegramSender);

export { saveTelegramBotCallable } from './save-bot';
export { disconnectTelegramBotCallable } from './disconnect-bot';
export const telegramEndpoints = [telegramWebhookEndpoint];
