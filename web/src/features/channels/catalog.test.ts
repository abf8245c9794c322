import { describe, expect, it } from 'vitest';
import { CHANNEL_CARDS, connectedChannels } from './catalog';

describe('channel cards', () => {
  it('lists the channels in order, Google Business Chat deprecated, Email coming soon, Voice a page', () => {
    expect(CHANNEL_CARDS.map((c) => c.label)).toEqual(['WhatsApp', 'Instagram', 'Messenger', 'Discord', 'Telegram', 'Google Business Chat', 'Email', 'Voice']);
    const by = Object.fromEntries(CHANNEL_CARDS.map((c) => [c.key, c]));
    expect(by['google-business']).toMatchObject({ disabled: 'deprecated', opens: 'none' });
    expect(by.email).toMatchObject({ disabled: 'coming-soon', opens: 'none' });
    expect(by.voice?.opens).toBe('page');
    expect(by.telegram?.opens).toBe('modal');
  });

  it('marks a channel connected by its connections, and WhatsApp by a verified legacy webhook', () => {
    const telegram = { channel: 'telegram' as const, id: 'b1', agentId: 'a1', agentTitle: 'A', label: '@bot' };
    expect([...connectedChannels([telegram], {})]).toEqual(['telegram']);
    expect([...connectedChannels([], { waVerifyPassed: true })]).toEqual(['whatsapp']);
    expect(connectedChannels([], { waVerifyPassed: false }).size).toBe(0);
  });
});
