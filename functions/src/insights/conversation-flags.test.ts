// The migration that gives older conversations Chats' filter flags, against the Firestore emulator: each older
// conversation gets handedOff/hasLead from what it holds, newer ones are left untouched, and a second run changes
// nothing. Afterwards the status and lead filters' query finds the older conversations.
import { paths } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { runMigrations } from '../migrations';
import { fixConversationFlags } from './conversation-flags';

const AGENT = 'AgentWithOldChats01';
const older = (id: string, extra: Record<string, unknown>) => ({ ID: id, agentId: AGENT, ownerID: 'oldOwner', channel: 'widget', createdAt: 1, ...extra });

describe('flags for conversations recorded before Chats’ filters', () => {
  it('sets handedOff and hasLead from each conversation’s own fields, once', async () => {
    const db = databaseFor('na');
    await db.doc(paths.conversation(AGENT, 'old-handoff-0001')).set(older('old-handoff-0001', { handoffRequested: true, control: 'ai' }));
    await db.doc(paths.conversation(AGENT, 'old-takeover-001')).set(older('old-takeover-001', { handoffRequested: false, control: 'human' }));
    await db.doc(paths.conversation(AGENT, 'old-lead-000001')).set(older('old-lead-000001', { lead: { email: 'ada@example.com' } }));
    await db.doc(paths.conversation(AGENT, 'old-plain-00001')).set(older('old-plain-00001', {}));
    const newer = older('new-flagged-0001', { handedOff: true, hasLead: false });
    await db.doc(paths.conversation(AGENT, 'new-flagged-0001')).set(newer);

    expect(await fixConversationFlags(db)).toBe(4);
    const flags = async (id: string) => {
      const data = (await db.doc(paths.conversation(AGENT, id)).get()).data()!;
      return { handedOff: data.handedOff, hasLead: data.hasLead };
    };
    expect(await flags('old-handoff-0001')).toEqual({ handedOff: true, hasLead: false });
    expect(await flags('old-takeover-001')).toEqual({ handedOff: true, hasLead: false });
    expect(await flags('old-lead-000001')).toEqual({ handedOff: false, hasLead: true });
    expect(await flags('old-plain-00001')).toEqual({ handedOff: false, hasLead: false });
    expect((await db.doc(paths.conversation(AGENT, 'new-flagged-0001')).get()).data()).toEqual(newer);

    // Chats' "with a lead" and "handed off" filters now find them.
    const withLead = await db.collection(paths.conversations(AGENT)).where('hasLead', '==', true).get();
    expect(withLead.docs.map((d) => d.id)).toEqual(['old-lead-000001']);
    const handedOff = await db.collection(paths.conversations(AGENT)).where('handedOff', '==', true).get();
    expect(handedOff.docs.map((d) => d.id).sort()).toEqual(['new-flagged-0001', 'old-handoff-0001', 'old-takeover-001']);

    expect(await fixConversationFlags(db)).toBe(0);
  });

  it('is among the migrations the local stack runs at every start', async () => {
    const db = databaseFor('na');
    await db.doc(paths.conversation(AGENT, 'old-seeded-00001')).set(older('old-seeded-00001', {}));
    await runMigrations(db);
    expect((await db.doc(paths.conversation(AGENT, 'old-seeded-00001')).get()).data()).toMatchObject({ handedOff: false, hasLead: false });
  });
});
