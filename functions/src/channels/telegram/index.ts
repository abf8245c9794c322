// Telegram: connect a bot (saveTelegramBot), disconnect it, its webhook, and the sender the pipeline answers with.
import { telegramWebhookEndpoint } from './webhook';
import type { InboundDeps } from '../pipeline';

export { telegramSender } from './telegram-sender';
export { saveTelegramBotCallable } from './save-bot';
export { disconnectTelegramBotCallable } from './disconnect-bot';
export const telegramEndpoints = (deps: InboundDeps) => [telegramWebhookEndpoint(deps)];
