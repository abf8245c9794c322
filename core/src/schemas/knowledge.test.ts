import { describe, expect, it } from 'vitest';
import { kbDocumentSchema, kbSourceSchema, storedKbEntrySchema } from './knowledge';

describe('kbDocumentSchema', () => {
  it.each([
    [{ ID: 'd', name: 'FAQ', content: 'text', ts: 1700000000, userId: 'u', agentId: 'a' }, true],
    [{ ID: 'd', userId: 'u', agentId: 'a' }, true],
    [{ ID: 'd', userId: 'u' }, false],
    [{ ID: '', userId: 'u', agentId: 'a' }, false],
  ])('%j → %j', (input, ok) => {
    expect(kbDocumentSchema.safeParse(input).success).toBe(ok);
  });
});

describe('kbSourceSchema', () => {
  it('defaults to never refreshed, INITIALIZED, no chunks', () => {
    expect(kbSourceSchema.parse({ sourceType: 'doc', content: 'x' })).toMatchObject({ refreshRate: 'never', status: 'INITIALIZED', charCount: 0, tags: [], chunkIds: [] });
  });
  it.each(['1h', '6h', '12h', '24h', '7d', 'never'])('accepts refresh rate %s', (refreshRate) => {
    expect(kbSourceSchema.safeParse({ sourceType: 'url', url: 'https://x.com', refreshRate }).success).toBe(true);
  });
  it.each(['ERROR', 'SUCCESS', 'PENDING', 'INITIALIZED'])('accepts status %s', (status) => {
    expect(kbSourceSchema.safeParse({ sourceType: 'doc', status }).success).toBe(true);
  });
  it.each([
    [{ sourceType: 'url', url: 'https://x.com', refreshRate: '2h' }],
    [{ sourceType: 'doc', status: 'DONE' }],
    [{ sourceType: 'pdf' }],
    [{ sourceType: 'url' }],
  ])('rejects %j', (input) => {
    expect(kbSourceSchema.safeParse(input).success).toBe(false);
  });
  it('reads stored entries with extra fields', () => {
    expect(storedKbEntrySchema.parse({ ID: 'd', userId: 'u', agentId: 'a', status: 'SUCCESS', extra: true })).toHaveProperty('extra', true);
  });
});
