import { describe, expect, it } from 'vitest';
import {
  discordChannelSchema, discordChannelSecretsSchema, metaPageSchema, metaPageSecretsSchema, normalizeTemplateName, telegramBotSchema,
  telegramBotSecretsSchema, waNumberSchema, waNumberSecretsSchema, whatsappProviderNumberSchema,
} from './channels';

describe('channel records', () => {
  it.each([
    [metaPageSchema, { pageId: 'p', pageName: 'Shop', igPageId: 'i', agentId: 'a' }, true],
    [metaPageSchema, { pageId: 'p' }, false],
    [metaPageSecretsSchema, { pageAccessToken: 'EAAB' }, true],
    [discordChannelSchema, { ID: 'd', agentID: 'a', channelId: 'c' }, true],
    [discordChannelSchema, { ID: 'd', agentID: 'a', channelId: '' }, false],
    [discordChannelSecretsSchema, { webhookUrl: 'https://discord.com/api/webhooks/x' }, true],
    [discordChannelSecretsSchema, { webhookUrl: 'nope' }, false],
    [telegramBotSchema, { botId: 'b', agentId: 'a', webhookUrl: 'https://api/v2/agents/a/telegram-webhook' }, true],
    [telegramBotSchema, { botId: '', agentId: 'a', webhookUrl: '' }, false],
    [telegramBotSecretsSchema, { botToken: '1:abc' }, true],
    [telegramBotSecretsSchema, { botToken: '' }, false],
    [waNumberSchema, { agentId: 'a', wabaId: 'w', phoneId: 'p', phoneNumber: '+1 555' }, true],
    [waNumberSchema, { agentId: 'a', wabaId: 'w', phoneNumber: '+1' }, false],
    [waNumberSecretsSchema, { longAccessToken: 't' }, true],
    [whatsappProviderNumberSchema, { id: '1', display_phone_number: '+1 555', verified_name: 'Shop', status: 'CONNECTED' }, true],
    [whatsappProviderNumberSchema, { id: '1' }, false],
  ] as const)('%#: %j → %j', (schema, input, ok) => {
    expect(schema.safeParse(input).success).toBe(ok);
  });
  it('template names become lowercase with underscores', () => {
    expect(normalizeTemplateName(' Order  Update Now ')).toBe('order_update_now');
  });
});
