import { describe, expect, it } from 'vitest';
import { redactWorkspace, storedWorkspaceSchema, workspaceSchema } from './workspace';

describe('workspaceSchema', () => {
  it('fills defaults', () => {
    expect(workspaceSchema.parse({ uid: 'u' })).toMatchObject({ workspaceName: '', workspaceEmails: [], loadTokens: 0, hasEverPaid: false });
  });
  it.each([
    [{ uid: 'u', workspaceSecret: 'vg_abcdefghijklmnopqrst', region: 'eu', origin: 'google', internal: { customPlan: { limits: { workspaceSeats: 3 } }, countryCode: 'DE' } }, true],
    [{ uid: 'u', stripeConnect: { isConnected: true, USDPerToken: 0.01 }, usersPerms: [{ userId: 'x', permissions: ['edit'] }] }, true],
    [{ uid: 'u', workspaceSecret: 'abc' }, false],
    [{ uid: 'u', region: 'us' }, false],
    [{ uid: 'u', origin: 'github' }, false],
    [{ uid: '' }, false],
  ])('%j → %j', (input, ok) => {
    expect(workspaceSchema.safeParse(input).success).toBe(ok);
  });
  it('keeps unknown stored fields and redacts secrets', () => {
    const ws = storedWorkspaceSchema.parse({ uid: 'u', workspaceSecret: 'vg_x', meta: { userAccessToken: 't' }, legacy: 1 });
    expect(ws).toHaveProperty('legacy', 1);
    const pub = redactWorkspace(ws);
    expect(pub).not.toHaveProperty('workspaceSecret');
    expect(pub).not.toHaveProperty('meta');
    expect(pub).toHaveProperty('uid', 'u');
  });
});
