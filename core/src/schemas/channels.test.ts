import { describe, expect, it } from 'vitest';
import {
  discordChannelSchema, metaPageSchema, normalizeTemplateName, telegramBotSchema, waNumberSchema, whatsappProviderNumberSchema,
} from './channels';

describe('channel records', () => {
  it.each([
    [metaPageSchema, { pageId: 'p', pageName: 'Shop', igPageId: 'i', agentId: 'a' }, true],
    [metaPageSchema, { pageId: 'p' }, false],
    [discordChannelSchema, { ID: 'd', agentID: 'a', channelId: 'c', webhookUrl: 'https://discord.com/api/webhooks/x' }, true],
    [discordChannelSchema, { ID: 'd', agentID: 'a', channelId: 'c', webhookUrl: 'nope' }, false],
    [telegramBotSchema, { botId: 'b', agentId: 'a', botToken: '1:abc', webhookUrl: 'https://api/v2/agents/a/telegram-webhook' }, true],
    [telegramBotSchema, { botId: 'b', agentId: 'a', botToken: '', webhookUrl: '' }, false],
    [waNumberSchema, { agentId: 'a', wabaId: 'w', phoneId: 'p', longAccessToken: 't', phoneNumber: '+1 555' }, true],
    [waNumberSchema, { agentId: 'a', wabaId: 'w', phoneId: 'p', phoneNumber: '+1' }, false],
    [whatsappProviderNumberSchema, { id: '1', display_phone_number: '+1 555', verified_name: 'Shop', status: 'CONNECTED' }, true],
    [whatsappProviderNumberSchema, { id: '1' }, false],
  ] as const)('%#: %j → %j', (schema, input, ok) => {
    expect(schema.safeParse(input).success).toBe(ok);
  });
  it('template names become lowercase with underscores', () => {
    expect(normalizeTemplateName(' Order  Update Now ')).toBe('order_update_now');
  });
});
