import { describe, expect, it } from 'vitest';
import { FREE_SIGNUP_CREDITS } from '../constants/billing';
import { createAgent, createClient, createPersonalWorkspace, ensureAgentSecret } from './factories';

describe('factories', () => {
  it('a new agent has a 16-char id, a vg_ secret, maxTokensUsage 0 and defaults', () => {
    const a = createAgent({ ownerID: 'u', title: 'Bot' }, 1700000000);
    expect(a.ID).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(a.SECRET_API_KEY).toMatch(/^vg_[A-Za-z0-9]{20}$/);
    expect(a).toMatchObject({ maxTokensUsage: 0, messageDelayMS: 1000, lastModified: 1700000000, title: 'Bot' });
  });
  it('ensureAgentSecret adds a secret only when missing', () => {
    expect(ensureAgentSecret({ SECRET_API_KEY: 'vg_keep' }).SECRET_API_KEY).toBe('vg_keep');
    expect(ensureAgentSecret<{ SECRET_API_KEY?: string }>({}).SECRET_API_KEY).toMatch(/^vg_[A-Za-z0-9]{20}$/);
  });
  it('a personal workspace is named Personal + 5 chars and lists its owner', () => {
    const ws = createPersonalWorkspace({ uid: 'u', email: 'a@b.c' }, 1);
    expect(ws.workspaceName).toMatch(/^Personal[A-Za-z0-9]{5}$/);
    expect(ws.workspaceEmails).toEqual(['a@b.c']);
    expect(ws.workspaceSecret).toMatch(/^vg_[A-Za-z0-9]{20}$/);
  });
  it('a personal workspace starts with the free sign-up credits, granted at creation', () => {
    const ws = createPersonalWorkspace({ uid: 'u', email: 'a@b.c' }, 1_760_000_000);
    expect(FREE_SIGNUP_CREDITS).toBeGreaterThan(0);
    expect(ws).toMatchObject({ loadTokens: FREE_SIGNUP_CREDITS, freeLTsTS: 1_760_000_000 });
  });
  it('a client gets a 15-char id and password and default access', () => {
    const c = createClient({ orgId: 'o', email: 'a@b.c', name: 'Ann' }, 1);
    expect(c.ID).toMatch(/^[A-Za-z0-9]{15}$/);
    expect(c.dashboardPassword).toMatch(/^[A-Za-z0-9]{15}$/);
    expect(c.canAccess).toEqual(['/home', '/convos', '/analytics', '/leads', '/campaigns']);
  });
});
