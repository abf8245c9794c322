import { describe, expect, it } from 'vitest';
import { agentPatchSchema } from './agents';
import { discordInstallUrl, googleBusinessFieldsSchema, saveDiscordChannel, saveTelegramBot } from './channels';

describe('channel contracts', () => {
  it('refuse an empty Telegram token and empty Discord fields, saying which', () => {
    expect(saveTelegramBot.input.safeParse({ region: 'na', agentId: 'a1', token: ' ' }).error?.issues[0]?.message).toBe('Please provide a valid token.');
    expect(saveDiscordChannel.input.safeParse({ region: 'na', agentId: 'a1', channelId: '', webhookUrl: 'x' }).error?.issues[0]?.message).toBe('Please fill out all fields.');
    expect(saveDiscordChannel.input.safeParse({ region: 'na', agentId: 'a1', channelId: '1', webhookUrl: '' }).error?.issues[0]?.message).toBe('Please fill out all fields.');
  });

  it('ask Discord for the Manage Server permission when the bot is installed', () => {
    const url = new URL(discordInstallUrl('123'));
    expect(url.origin + url.pathname).toBe('https://discord.com/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: '123', scope: 'bot applications.commands', permissions: '32' });
  });
});

describe('Google Business stored fields', () => {
  it('trim the e-mail and turn the key’s newlines into commas', () => {
    expect(googleBusinessFieldsSchema.parse({ gcloudClientEmail: '  bot@project.iam.gserviceaccount.com ', gcloudPrivateKey: '\n-----BEGIN KEY-----\nabc\r\ndef\n-----END KEY-----\n' })).toEqual({
      gcloudClientEmail: 'bot@project.iam.gserviceaccount.com',
      gcloudPrivateKey: ',-----BEGIN KEY-----,abc,def,-----END KEY-----,',
    });
  });

  it('need an e-mail with @ and a key: "Please fill in the required fields"', () => {
    for (const input of [{ gcloudClientEmail: 'no-at-sign', gcloudPrivateKey: 'k' }, { gcloudClientEmail: 'a@b.c', gcloudPrivateKey: '  ' }]) {
      expect(googleBusinessFieldsSchema.safeParse(input).error?.issues[0]?.message).toBe('Please fill in the required fields');
    }
  });

  it('hold on the agent save too: a key needs an e-mail with @, and the fields are stored normalised', () => {
    expect(agentPatchSchema.safeParse({ gcloudClientEmail: 'no-at-sign', gcloudPrivateKey: 'k' }).error?.issues[0]?.message).toBe('Please fill in the required fields');
    expect(agentPatchSchema.parse({ title: 'A', gcloudClientEmail: ' bot@p.iam ', gcloudPrivateKey: 'a\nb\n' })).toMatchObject({ title: 'A', gcloudClientEmail: 'bot@p.iam', gcloudPrivateKey: 'a,b,' });
    // Later saves carry the e-mail without the key (secrets never return to the browser).
    expect(agentPatchSchema.parse({ gcloudClientEmail: ' bot@p.iam ' })).toMatchObject({ gcloudClientEmail: 'bot@p.iam' });
    expect(agentPatchSchema.safeParse({ gcloudClientEmail: '' }).success).toBe(true);
  });
});
