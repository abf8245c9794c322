// Client notifications: which clients hear of a new conversation or a handoff request on their agent, and how.
import { paths } from '@parley/core';
import { start as startResend, type ResendFake } from '@parley/local/fakes/resend';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { notifyClientsOf, notifyConversationEvent } from './notify-clients';

const db = databaseFor('na');
let resend: ResendFake;

const client = (ID: string, orgId: string, notifyThrough: string, notifyIf: string, extra: Record<string, unknown> = {}) => ({
  ID, orgId, email: `${ID}@client.test`, widgetIDs: ['agent1'], canAccess: ['/convos'], notificationsSettings: { notifyThrough, notifyIf }, ...extra,
});

beforeAll(async () => {
  resend = await startResend({ port: 0 });
  process.env.RESEND_API_KEY = 're_test_key_123';
  process.env.RESEND_BASE_URL = resend.url;
  process.env.PARLEY_APP_URL = 'http://127.0.0.1:5000';
}, 60_000);
afterAll(async () => resend?.stop());
beforeEach(async () => {
  await fetch(`${resend.url}/__recorded`, { method: 'DELETE' });
  for (const c of ['clients', 'orgs', 'notifications-1', 'notifications-2']) await db.recursiveDelete(db.collection(c));
  const docs: Record<string, Record<string, unknown>> = {
    [paths.user('owner1')]: { uid: 'owner1' },
    [paths.agent('agent1')]: { ID: 'agent1', title: 'Demo Agent', ownerID: 'owner1' },
    [paths.agency('agA')]: { ID: 'agA', userId: 'owner1', name: 'Acme Agency', resendEmailDomain: 'acme.test', resendEmailDomainStatus: 'verified', VGsubDomain: 'acme.localhost', isVerifiedSubDomain: true },
    [paths.org('orgA')]: { ID: 'orgA', name: 'A', ownerID: 'owner1', widgetIDs: ['agent1'] },
    [paths.org('orgOff')]: { ID: 'orgOff', name: 'Off', ownerID: 'owner1', widgetIDs: ['agent1'], settings: { disableClientAccess: true } },
    [paths.org('orgBob')]: { ID: 'orgBob', name: 'Bob', ownerID: 'bob', widgetIDs: ['agent1'] },
    [paths.client('cAll')]: client('cAll', 'orgA', 'email', 'all'),
    [paths.client('cReq')]: client('cReq', 'orgA', 'email', 'requestsOnly'),
    [paths.client('cNone')]: client('cNone', 'orgA', 'email', 'none'),
    [paths.client('cPush')]: client('cPush', 'orgA', 'push', 'all'),
    [paths.client('cQuiet')]: client('cQuiet', 'orgA', 'none', 'all'),
    [paths.client('cNoChats')]: client('cNoChats', 'orgA', 'email', 'all', { canAccess: ['/home'] }),
    [paths.client('cOff')]: client('cOff', 'orgOff', 'email', 'all'),
    [paths.client('cBob')]: client('cBob', 'orgBob', 'email', 'all'),
  };
  const batch = db.batch();
  for (const [path, data] of Object.entries(docs)) batch.set(db.doc(path), data);
  await batch.commit();
}, 60_000);

describe('notifyClientsOf', () => {
  it('a new conversation: level 1 for the workspace and the agent’s clients, e-mailed to those who want all, from the agency’s domain', async () => {
    const result = await notifyClientsOf(db, { kind: 'conversation', region: 'na', agentId: 'agent1', conversationId: 'c1' });
    const stored = (await db.doc('notifications-1/conversation-agent1-c1').get()).data();
    expect(stored).toMatchObject({ ownerID: 'owner1', agentId: 'agent1', notificationLevel: 1, notifyOnly: [], seen: false, urlPathname: '/app/na/agents/agent1/convos?conversation=c1' });
    expect(result.emailed).toEqual(['cAll']);
    expect(result.pushPending).toEqual(['cPush']);
    const mails = resend.emails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ from: 'Acme Agency <noreply@acme.test>', to: ['cAll@client.test'] });
    expect(String(mails[0]!.html)).toContain('http://acme.localhost:5000/app/na/agents/agent1/convos?conversation=c1');
  });

  it('a handoff request: level 2, so requestsOnly clients hear of it too; never a disabled org, another tenant, or a client without Chats', async () => {
    const result = await notifyClientsOf(db, { kind: 'handoff', region: 'na', agentId: 'agent1', conversationId: 'c1' });
    expect((await db.doc('notifications-2/handoff-agent1-c1').get()).get('notificationLevel')).toBe(2);
    expect(result.emailed.sort()).toEqual(['cAll', 'cReq']);
  });

  it('a new lead: level 1, opening the Leads page, e-mailed only to clients whose canAccess has /leads', async () => {
    await db.doc(paths.client('cLeads')).set(client('cLeads', 'orgA', 'email', 'all', { canAccess: ['/leads'] }));
    const result = await notifyClientsOf(db, { kind: 'lead', region: 'na', agentId: 'agent1', conversationId: 'c3' });
    expect((await db.doc('notifications-1/lead-agent1-c3').get()).data()).toMatchObject({ notificationLevel: 1, title: 'New lead', urlPathname: '/app/na/agents/agent1/leads' });
    expect(result.emailed).toEqual(['cLeads']);
    expect(String(resend.emails()[0]!.html)).toContain('http://acme.localhost:5000/app/na/agents/agent1/leads');
  });

  it('handles an event once, however often it is told', async () => {
    await notifyClientsOf(db, { kind: 'handoff', region: 'na', agentId: 'agent1', conversationId: 'c2' });
    const again = await notifyClientsOf(db, { kind: 'handoff', region: 'na', agentId: 'agent1', conversationId: 'c2' });
    expect(again.emailed).toEqual([]);
    expect(resend.emails()).toHaveLength(2);
  });
});

describe('notifyConversationEvent', () => {
  it('never fails the request that caused the event: a failed write is logged, nothing thrown', async () => {
    const errors: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      // A Firestore that refuses every read stands for the database being unreachable.
      const broken = { doc: () => ({ get: () => Promise.reject(new Error('unavailable')) }), collection: () => ({ where: () => ({ limit: () => ({ get: () => Promise.reject(new Error('unavailable')) }) }) }) };
      await expect(notifyConversationEvent(broken as never, { kind: 'handoff', region: 'na', agentId: 'agent1', conversationId: 'c3' })).resolves.toBeUndefined();
    } finally {
      console.error = original;
    }
    expect(errors.map((e) => String(e[0]))).toEqual(['[clients] handoff notification for agent1/c3 failed:']);
    expect(resend.emails()).toHaveLength(0);
  });
});
