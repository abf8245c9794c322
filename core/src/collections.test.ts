import { describe, expect, it } from 'vitest';
import { COLLECTIONS, paths } from './collections';

describe('collection paths', () => {
  it.each([
    [paths.agent('a1'), 'voiceglow/a1'],
    [paths.agentSecrets('a1'), 'voiceglow/a1/private/secrets'],
    [paths.kbDoc('a1', 'd1'), 'voiceglow/a1/kb/d1'],
    [paths.user('u1'), 'users/u1'],
    [paths.userSecrets('u1'), 'users/u1/private/secrets'],
    [paths.agency('g1'), 'agencies/g1'],
    [paths.agencySecrets('g1'), 'agencies/g1/private/secrets'],
    [paths.dnsReminders('g1'), 'agencies/g1/dns_reminders'],
    [paths.client('c1'), 'clients/c1'],
    [paths.clientCredentials('c1'), 'clients/c1/private/credentials'],
    [paths.org('o1'), 'orgs/o1'],
    [paths.metaPage('p1'), 'metaPages/p1'],
    [paths.discordChannel('x'), 'discordChannels/x'],
    [paths.telegramBot('b'), 'telegramBots/b'],
    [paths.waNumber('w'), 'waNumbers/w'],
    [paths.notification(1, 'n'), 'notifications-1/n'],
    [paths.notification(2, 'n'), 'notifications-2/n'],
    [paths.tool('t1'), 'tools/t1'],
    [paths.toolSecrets('t1'), 'tools/t1/private/secrets'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
  it.each(['', 'a/b'])('refuses id %j that is not one path segment', (id) => {
    expect(() => paths.agent(id)).toThrow();
  });
  it('keeps the stored collection names (voiceglow, notifications-1)', () => {
    expect(COLLECTIONS.agents).toBe('voiceglow');
    expect(COLLECTIONS.notifications1).toBe('notifications-1');
  });
});

describe('paths of collections we add', () => {
  it.each([
    [paths.conversation('a', 'c'), 'voiceglow/a/conversations/c'],
    [paths.conversationMessages('a', 'c'), 'voiceglow/a/conversations/c/messages'],
    [paths.testConversation('a', 'c'), 'voiceglow/a/testConversations/c'],
    [paths.testConversationMessages('a', 'c'), 'voiceglow/a/testConversations/c/messages'],
    [paths.usageStats('a'), 'voiceglow/a/stats/usage'],
    [paths.analytics('a'), 'voiceglow/a/analytics'],
    [paths.backups('a'), 'voiceglow/a/backups'],
    [paths.kbChunks('a', 'd'), 'voiceglow/a/kb/d/chunks'],
    [paths.creditUsageLogs('u'), 'users/u/creditUsageLogs'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
