// Rules for telegramBots/{botId}: botId, agentId, webhookUrl (Disconnect deletes the record). The bot token is not
// on the record: it lives in telegramBots/{botId}/private/secrets, written and read by functions only.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, limit, query, setDoc, updateDoc, where } from 'firebase/firestore';
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

  it('botId must be the document id, and the token may not be put on the record (members read it)', async () => {
    await assertFails(setDoc(doc(w.as('owner'), 'telegramBots/tBad'), bot('agentA1', 'tOther')));
    await assertFails(setDoc(doc(w.as('owner'), 'telegramBots/tBad'), { ...bot('agentA1', 'tBad'), botToken: '333:CCC' }));
    await assertFails(updateDoc(doc(w.as('owner'), 'telegramBots/tA'), { botToken: '333:CCC' }));
  });

  it('neither reads nor writes the bot token (private/secrets): functions only', async () => {
    await assertFails(getDoc(doc(w.as('owner'), 'telegramBots/tA/private/secrets')));
    await assertFails(setDoc(doc(w.as('owner'), 'telegramBots/tA/private/secrets'), { botToken: '333:CCC' }));
  });

  it('may not attach a bot to another owner’s agent', async () => {
    await assertFails(setDoc(doc(w.as('owner'), 'telegramBots/tX'), bot('agentB1', 'tX')));
    await assertFails(updateDoc(doc(w.as('owner'), 'telegramBots/tA'), { agentId: 'agentB1' }));
  });

  it('EU database: saves a bot there', async () => {
    await assertSucceeds(setDoc(doc(w.as('owner', EU), 'telegramBots/tEu'), bot('agentA1', 'tEu')));
    expect(await w.read('telegramBots/tEu', EU)).toMatchObject({ agentId: 'agentA1' });
  });
});

describe('member', () => {
  it('saves a bot for a workspace agent, updates it and disconnects it', async () => {
    const db = w.as('member');
    await assertSucceeds(setDoc(doc(db, 'telegramBots/tNew'), bot('agentA2')));
    await assertSucceeds(updateDoc(doc(db, 'telegramBots/tNew'), { webhookUrl: 'https://api.test/v2/agents/agentA2/telegram-webhook?v=2' }));
    expect(await w.read('telegramBots/tNew')).toMatchObject({ webhookUrl: 'https://api.test/v2/agents/agentA2/telegram-webhook?v=2' });
    await assertSucceeds(deleteDoc(doc(db, 'telegramBots/tNew')));
    expect(await w.read('telegramBots/tNew')).toBeNull();
  });

  it('EU database: the NA-only member saves nothing there', async () => {
    await assertFails(setDoc(doc(w.as('member', EU), 'telegramBots/tEu'), bot('agentA1', 'tEu')));
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
