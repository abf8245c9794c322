// Sends to a Telegram chat through the bot (sendMessage, split at Telegram's 4,096 characters) and shows
// "typing…" (sendChatAction) while the agent thinks.
import { CHANNEL_GONE, ChannelSendError, type ChannelSender } from '../pipeline';
import { callBot, TELEGRAM_MAX_TEXT } from './client';
import { botSecrets } from './telegram-bots';

export const TELEGRAM_BLOCKED = 'The Telegram user has blocked the bot or left the chat.';

function chunks(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += TELEGRAM_MAX_TEXT) out.push(text.slice(i, i + TELEGRAM_MAX_TEXT));
  return out.length ? out : [''];
}

export const telegramSender: ChannelSender = {
  async sendText(target, text) {
    const secrets = await botSecrets(target.region, target.endpointId);
    if (!secrets) throw new ChannelSendError(CHANNEL_GONE);
    const replyTo = target.context?.replyTo ? Number(target.context.replyTo) : undefined;
    for (const [i, part] of chunks(text).entries()) {
      const sent = await callBot(secrets.botToken, 'sendMessage', {
        chat_id: target.userId,
        text: part,
        ...(replyTo && i === 0 ? { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } } : {}),
      });
      if (sent.ok) continue;
      if (sent.error_code === 403 || sent.error_code === 400) throw new ChannelSendError(sent.error_code === 403 ? TELEGRAM_BLOCKED : CHANNEL_GONE);
      if (sent.error_code === 401 || sent.error_code === 404) throw new ChannelSendError(CHANNEL_GONE);
      throw new Error(`Telegram sendMessage failed (${sent.error_code ?? 'network'})`);
    }
  },
  async typing(target) {
    const secrets = await botSecrets(target.region, target.endpointId);
    if (secrets) await callBot(secrets.botToken, 'sendChatAction', { chat_id: target.userId, action: 'typing' });
  },
};
