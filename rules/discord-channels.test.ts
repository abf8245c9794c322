// Rules for discordChannels/{id}: ID, agentID, channelId. Members of the agent's workspace read the record; only
// functions write it (saveDiscordChannel checks the webhook posts to that channel). The webhook URL (anyone holding
// it may post to the channel) is not on the record: it lives in discordChannels/{id}/private/secrets.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, limit, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, useWorld, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

const channel = (agentID: string, id = 'dNew') => ({ ID: id, agentID, channelId: '789' });
// The Discord view's query: where agentID == the agent, limit 1.
const byAgent = (role: Role, agentID: string) =>
  getDocs(query(collection(w.as(role), 'discordChannels'), where('agentID', '==', agentID), limit(1)));
const everyChannel = (role: Role) => getDocs(query(collection(w.as(role), 'discordChannels'), limit(1)));

describe('owner', () => {
  it('queries its agent’s channel with where agentID == the agent', async () => {
    expect((await assertSucceeds(byAgent('owner', 'agentA1'))).docs[0]?.data().channelId).toBe('123');
  });

  it('is denied the same query without the agentID constraint', async () => {
    await assertFails(everyChannel('owner'));
  });

  it('queries an empty collection with the constraint (still denied without it)', async () => {
    await w.withEmptyCollection('discordChannels', async () => {
      expect((await assertSucceeds(byAgent('owner', 'agentA1'))).size).toBe(0);
      await assertFails(everyChannel('owner'));
    });
  });

  it('writes no record: connecting goes through the function that checks the webhook posts to that channel', async () => {
    await assertFails(setDoc(doc(w.as('owner'), 'discordChannels/dNew'), channel('agentA1')));
    await assertFails(updateDoc(doc(w.as('owner'), 'discordChannels/dA'), { channelId: '999' }));
    await assertFails(updateDoc(doc(w.as('owner'), 'discordChannels/dA'), { webhookUrl: 'https://discord.test/api/webhooks/new' }));
    await assertFails(deleteDoc(doc(w.as('owner'), 'discordChannels/dA')));
  });

  it('neither reads nor writes the webhook URL (private/secrets): functions only', async () => {
    await assertFails(getDoc(doc(w.as('owner'), 'discordChannels/dA/private/secrets')));
    await assertFails(setDoc(doc(w.as('owner'), 'discordChannels/dA/private/secrets'), { webhookUrl: 'https://evil.test/hook' }));
  });

  it('may not connect another owner’s agent nor move a channel onto it', async () => {
    await assertFails(setDoc(doc(w.as('owner'), 'discordChannels/dX'), channel('agentB1', 'dX')));
    await assertFails(updateDoc(doc(w.as('owner'), 'discordChannels/dA'), { agentID: 'agentB1' }));
  });

  it('EU database: connects nothing there directly either', async () => {
    await assertFails(setDoc(doc(w.as('owner', EU), 'discordChannels/dEu'), channel('agentA1', 'dEu')));
  });
});

describe('member', () => {
  it('reads the workspace agent’s channel, writes none', async () => {
    expect((await assertSucceeds(byAgent('member', 'agentA1'))).size).toBe(1);
    await assertFails(setDoc(doc(w.as('member'), 'discordChannels/dNew'), channel('agentA2')));
    await assertFails(deleteDoc(doc(w.as('member'), 'discordChannels/dA')));
  });

  it('EU database: the NA-only member connects nothing there', async () => {
    await assertFails(setDoc(doc(w.as('member', EU), 'discordChannels/dEu'), channel('agentA1', 'dEu')));
  });
});

describe('squatter (signed up first with the invited mia@a.test, never verified it)', () => {
  it('reads, connects and removes nothing', async () => {
    await assertFails(getDoc(doc(w.as('squatter'), 'discordChannels/dA')));
    await assertFails(setDoc(doc(w.as('squatter'), 'discordChannels/dS'), channel('agentA1', 'dS')));
    await assertFails(deleteDoc(doc(w.as('squatter'), 'discordChannels/dA')));
  });
});

describe('stranger', () => {
  it('reads its own channel', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('stranger'), 'discordChannels/dB')))).exists()).toBe(true);
  });

  it('neither reads, edits nor removes alice’s channel', async () => {
    await assertFails(getDoc(doc(w.as('stranger'), 'discordChannels/dA')));
    await assertFails(updateDoc(doc(w.as('stranger'), 'discordChannels/dA'), { channelId: '666' }));
    await assertFails(deleteDoc(doc(w.as('stranger'), 'discordChannels/dA')));
  });
});

describe('client', () => {
  it('reads nothing', async () => {
    await assertFails(getDoc(doc(w.as('client'), 'discordChannels/dA')));
  });
});

describe('orgAdmin', () => {
  it('reads and connects nothing', async () => {
    await assertFails(byAgent('orgAdmin', 'agentA1'));
    await assertFails(setDoc(doc(w.as('orgAdmin'), 'discordChannels/dAdm'), channel('agentA1', 'dAdm')));
  });
});

describe('otherClient', () => {
  it('reads nothing', async () => {
    await assertFails(getDoc(doc(w.as('otherClient'), 'discordChannels/dB')));
  });
});

describe('clientNamedAlice', () => {
  it('with the owner’s uid, reads and connects nothing', async () => {
    await assertFails(getDoc(doc(w.as('clientNamedAlice'), 'discordChannels/dA')));
    await assertFails(setDoc(doc(w.as('clientNamedAlice'), 'discordChannels/dC'), channel('agentA1', 'dC')));
  });
});

describe('anon', () => {
  it('reads nothing', async () => {
    await assertFails(getDoc(doc(w.as('anon'), 'discordChannels/dA')));
  });
});
