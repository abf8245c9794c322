// Rules for telegramBots/{botId}: botId, agentId, webhookUrl, botUsername. Members of the agent's workspace read
// the record; only functions write it (connecting sets the webhook at Telegram, disconnecting deletes it there).
// The bot token and the webhook secret live in telegramBots/{botId}/private/secrets, functions only.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, limit, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, useWorld, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

const bot = (agentId: string, botId = 'tNew') => ({ botId, agentId, webhookUrl: `https://api.test/v2/agents/${agentId}/telegram-webhook` });
// The Telegram view's query: where agentId == the agent, limit 1.
const byAgent = (role: Role, agentId: string) =>
  getDocs(query(collection(w.as(role), 'telegramBots'), where('agentId', '==', agentId), limit(1)));
const everyBot = (role: Role) => getDocs(query(collection(w.as(role), 'telegramBots'), limit(1)));

describe('owner', () => {
  it('queries its agent’s bot with where agentId == the agent', async () => {
    expect((await assertSucceeds(byAgent('owner', 'agentA1'))).docs[0]?.id).toBe('tA');
  });

  it('is denied the same query without the agentId constraint', async () => {
    await assertFails(everyBot('owner'));
  });

  it('queries an empty collection with the constraint (still denied without it)', async () => {
    await w.withEmptyCollection('telegramBots', async () => {
      expect((await assertSucceeds(byAgent('owner', 'agentA1'))).size).toBe(0);
      await assertFails(everyBot('owner'));
    });
  });

  it('writes no record: connecting and disconnecting go through the functions (webhook set at Telegram first)', async () => {
    await assertFails(setDoc(doc(w.as('owner'), 'telegramBots/tNew'), bot('agentA1')));
    await assertFails(updateDoc(doc(w.as('owner'), 'telegramBots/tA'), { webhookUrl: 'https://evil.test/hook' }));
    await assertFails(updateDoc(doc(w.as('owner'), 'telegramBots/tA'), { agentId: 'agentA2' }));
    await assertFails(deleteDoc(doc(w.as('owner'), 'telegramBots/tA')));
  });

  it('neither reads nor writes the bot token (private/secrets): functions only', async () => {
    await assertFails(getDoc(doc(w.as('owner'), 'telegramBots/tA/private/secrets')));
    await assertFails(setDoc(doc(w.as('owner'), 'telegramBots/tA/private/secrets'), { botToken: '333:CCC' }));
  });

  it('EU database: reads there too, writes nothing', async () => {
    await assertSucceeds(byAgent('owner', 'agentA1').then(() => getDocs(query(collection(w.as('owner', EU), 'telegramBots'), where('agentId', '==', 'agentA1'), limit(1)))));
    await assertFails(setDoc(doc(w.as('owner', EU), 'telegramBots/tEu'), bot('agentA1', 'tEu')));
  });
});

describe('member', () => {
  it('reads the workspace agent’s bot, writes none', async () => {
    expect((await assertSucceeds(byAgent('member', 'agentA1'))).size).toBe(1);
    await assertFails(setDoc(doc(w.as('member'), 'telegramBots/tNew'), bot('agentA2')));
    await assertFails(deleteDoc(doc(w.as('member'), 'telegramBots/tA')));
  });
});

describe('squatter (signed up first with the invited mia@a.test, never verified it)', () => {
  it('reads, saves and deletes nothing', async () => {
    await assertFails(getDoc(doc(w.as('squatter'), 'telegramBots/tA')));
    await assertFails(setDoc(doc(w.as('squatter'), 'telegramBots/tS'), bot('agentA1', 'tS')));
    await assertFails(deleteDoc(doc(w.as('squatter'), 'telegramBots/tA')));
  });
});

describe('stranger', () => {
  it('reads its own bot', async () => {
    expect((await assertSucceeds(getDoc(doc(w.as('stranger'), 'telegramBots/tB')))).exists()).toBe(true);
  });

  it('neither reads nor deletes alice’s', async () => {
    await assertFails(getDoc(doc(w.as('stranger'), 'telegramBots/tA')));
    await assertFails(deleteDoc(doc(w.as('stranger'), 'telegramBots/tA')));
  });
});

describe('client', () => {
  it('reads nothing (bot records are the workspace’s)', async () => {
    await assertFails(getDoc(doc(w.as('client'), 'telegramBots/tA')));
  });
});

describe('orgAdmin', () => {
  it('reads and saves nothing', async () => {
    await assertFails(byAgent('orgAdmin', 'agentA1'));
    await assertFails(setDoc(doc(w.as('orgAdmin'), 'telegramBots/tAdm'), bot('agentA1', 'tAdm')));
  });
});

describe('otherClient', () => {
  it('reads nothing', async () => {
    await assertFails(getDoc(doc(w.as('otherClient'), 'telegramBots/tB')));
  });
});

describe('clientNamedAlice', () => {
  it('with the owner’s uid, reads and saves nothing', async () => {
    await assertFails(getDoc(doc(w.as('clientNamedAlice'), 'telegramBots/tA')));
    await assertFails(setDoc(doc(w.as('clientNamedAlice'), 'telegramBots/tC'), bot('agentA1', 'tC')));
  });
});

describe('anon', () => {
  it('reads nothing', async () => {
    await assertFails(byAgent('anon', 'agentA1'));
  });
});
