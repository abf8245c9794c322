import { describe, expect, it } from 'vitest';
import { clientSchema, orgSchema, redactClient, storedClientSchema } from './client';
import { notificationSchema } from './notification';

describe('clientSchema', () => {
  it('fills defaults: default client access, offline, en, notify by email on all', () => {
    expect(clientSchema.parse({ ID: 'c', orgId: 'o', email: 'a@b.c' })).toMatchObject({
      canAccess: ['/home', '/convos', '/analytics', '/leads', '/campaigns'],
      status: 'offline',
      preferredLanguage: 'en',
      notificationsSettings: { notifyThrough: 'email', notifyIf: 'all' },
      isOrgAdmin: false,
      allowCreateAgents: false,
    });
  });
  it.each([
    [{ ID: 'c', orgId: 'o', email: 'a@b.c', status: 'online', canAccess: ['/kb'] }, true],
    [{ ID: 'c', orgId: 'o', email: 'a@b.c', notificationsSettings: { notifyThrough: 'push', notifyIf: 'requestsOnly' } }, true],
    [{ ID: 'c', orgId: 'o', email: 'a@b.c', status: 'away' }, false],
    [{ ID: 'c', orgId: 'o', email: 'a@b.c', canAccess: ['home'] }, false],
    [{ ID: 'c', orgId: 'o', email: 'a@b.c', notificationsSettings: { notifyIf: 'sometimes' } }, false],
    [{ ID: 'c', email: 'a@b.c' }, false],
  ])('%j → %j', (input, ok) => {
    expect(clientSchema.safeParse(input).success).toBe(ok);
  });
  it('never returns the dashboard password', () => {
    const c = storedClientSchema.parse({ ID: 'c', orgId: 'o', email: 'a@b.c', dashboardPassword: 'secret', FB_PUSH_TOKEN: 't' });
    const pub = redactClient(c);
    expect(pub).not.toHaveProperty('dashboardPassword');
    expect(pub).not.toHaveProperty('FB_PUSH_TOKEN');
  });
});

describe('orgSchema', () => {
  it('fills defaults', () => {
    expect(orgSchema.parse({ ID: 'o' })).toMatchObject({
      name: 'New Organization', dashboardLayout: 'vertical', defaultClientAccess: ['/home', '/convos', '/analytics', '/leads', '/campaigns'],
      settings: { disableClientAccess: false, disableClientAccessMessage: '' }, allowBilling: false, loadTokens: 0,
    });
  });
  it.each([
    [{ ID: 'o', dashboardLayout: 'horizontal' }, true],
    [{ ID: 'o', settings: { disableClientAccessMessage: 'x'.repeat(1024) } }, true],
    [{ ID: 'o', settings: { disableClientAccessMessage: 'x'.repeat(1025) } }, false],
    [{ ID: 'o', dashboardLayout: 'grid' }, false],
    [{}, false],
  ])('%j → %j', (input, ok) => {
    expect(orgSchema.safeParse(input).success).toBe(ok);
  });
});

describe('notificationSchema', () => {
  it.each([
    [{ ID: 'n', ownerID: 'ws', title: 't', body: 'b', ts: 1, notificationLevel: 1 }, true],
    [{ ID: 'n', ownerID: 'ws', agentId: 'a1', ts: 1, notificationLevel: 2, notifyOnly: ['c1'] }, true],
    [{ ID: 'n', ownerID: 'ws', ts: 1, notificationLevel: 0 }, false],
    [{ ID: 'n', ownerID: 'ws', ts: 1, notificationLevel: 3 }, false],
    [{ ID: 'n', ownerID: 'ws', notificationLevel: 1 }, false],
    // ownerID scopes the notification to a workspace (rules and the web's query): required.
    [{ ID: 'n', ts: 1, notificationLevel: 1 }, false],
    [{ ID: 'n', ownerID: '', ts: 1, notificationLevel: 1 }, false],
  ])('%j → %j', (input, ok) => {
    expect(notificationSchema.safeParse(input).success).toBe(ok);
  });
  it('defaults seen false and notifyOnly empty', () => {
    expect(notificationSchema.parse({ ID: 'n', ownerID: 'ws', ts: 1, notificationLevel: 1 })).toMatchObject({ seen: false, notifyOnly: [], title: '', body: '' });
  });
});
