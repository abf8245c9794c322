// Rules for discordChannels/{id}: ID, agentID, channelId, webhookUrl (saved from the Discord view).
import { collection, deleteDoc, doc, getDoc, getDocs, limit, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

const channel = (agentID: string, id = 'dNew') => ({ ID: id, agentID, channelId: '789', webhookUrl: 'https://discord.test/api/webhooks/new' });

describe('workspace owner and members', () => {
  it('the owner queries its agent’s channel (by agent, limit 1)', async () => {
    const found = await getDocs(query(collection(w.as('owner'), 'discordChannels'), where('agentID', '==', 'agentA1'), limit(1)));
    expect(found.docs[0]?.data().channelId).toBe('123');
  });

  it('a member connects, edits and removes a channel for a workspace agent', async () => {
    const db = w.as('member');
    await setDoc(doc(db, 'discordChannels/dNew'), channel('agentA2'));
    await updateDoc(doc(db, 'discordChannels/dNew'), { channelId: '790' });
    await deleteDoc(doc(db, 'discordChannels/dNew'));
    expect(await w.read('discordChannels/dNew')).toBeNull();
  });

  it('the owner connects a channel in the EU database', async () => {
    await setDoc(doc(w.as('owner', EU), 'discordChannels/dEu'), channel('agentA1', 'dEu'));
  });

  it('both fields are required and the webhook must be https', async () => {
    const db = w.as('owner');
    await expectDenied(setDoc(doc(db, 'discordChannels/dBad'), { ...channel('agentA1', 'dBad'), channelId: '' }));
    await expectDenied(setDoc(doc(db, 'discordChannels/dBad'), { ...channel('agentA1', 'dBad'), webhookUrl: 'javascript:alert(1)' }));
  });

  it('may not connect another owner’s agent nor move a channel onto it', async () => {
    const db = w.as('owner');
    await expectDenied(setDoc(doc(db, 'discordChannels/dX'), channel('agentB1', 'dX')));
    await expectDenied(updateDoc(doc(db, 'discordChannels/dA'), { agentID: 'agentB1' }));
  });
});

describe('others', () => {
  it('another tenant neither reads, edits nor removes alice’s channel', async () => {
    const db = w.as('stranger');
    await expectDenied(getDoc(doc(db, 'discordChannels/dA')));
    await expectDenied(updateDoc(doc(db, 'discordChannels/dA'), { webhookUrl: 'https://evil.test/hook' }));
    await expectDenied(deleteDoc(doc(db, 'discordChannels/dA')));
  });

  it('agency clients and visitors read nothing', async () => {
    await expectDenied(getDoc(doc(w.as('client'), 'discordChannels/dA')));
    await expectDenied(getDoc(doc(w.as('anon'), 'discordChannels/dA')));
  });
});
