// Rules for telegramBots/{botId}: botId, agentId, botToken, webhookUrl (Disconnect deletes the record).
import { collection, deleteDoc, doc, getDoc, getDocs, limit, query, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

const bot = (agentId: string, botId = 'tNew') => ({ botId, agentId, botToken: '333:CCC', webhookUrl: `https://api.test/v2/agents/${agentId}/telegram-webhook` });

describe('workspace owner and members', () => {
  it('the owner queries its agent’s bot (by agent, limit 1)', async () => {
    const found = await getDocs(query(collection(w.as('owner'), 'telegramBots'), where('agentId', '==', 'agentA1'), limit(1)));
    expect(found.docs[0]?.id).toBe('tA');
  });

  it('a member saves a bot for a workspace agent and disconnects it', async () => {
    const db = w.as('member');
    await setDoc(doc(db, 'telegramBots/tNew'), bot('agentA2'));
    await updateDoc(doc(db, 'telegramBots/tNew'), { webhookUrl: 'https://api.test/v2/agents/agentA2/telegram-webhook?v=2' });
    await deleteDoc(doc(db, 'telegramBots/tNew'));
  });

  it('the owner saves a bot in the EU database', async () => {
    await setDoc(doc(w.as('owner', EU), 'telegramBots/tEu'), bot('agentA1', 'tEu'));
  });

  it('a token is required and botId must be the document id', async () => {
    const db = w.as('owner');
    await expectDenied(setDoc(doc(db, 'telegramBots/tBad'), { ...bot('agentA1', 'tBad'), botToken: '' }));
    await expectDenied(setDoc(doc(db, 'telegramBots/tBad'), bot('agentA1', 'tOther')));
  });

  it('may not attach a bot to another owner’s agent', async () => {
    await expectDenied(setDoc(doc(w.as('owner'), 'telegramBots/tX'), bot('agentB1', 'tX')));
    await expectDenied(updateDoc(doc(w.as('owner'), 'telegramBots/tA'), { agentId: 'agentB1' }));
  });
});

describe('others', () => {
  it('another tenant reads its own bot but neither reads nor deletes alice’s', async () => {
    const db = w.as('stranger');
    expect((await getDoc(doc(db, 'telegramBots/tB'))).exists()).toBe(true);
    await expectDenied(getDoc(doc(db, 'telegramBots/tA')));
    await expectDenied(deleteDoc(doc(db, 'telegramBots/tA')));
  });

  it('agency clients and visitors read nothing (the bot token is owner-only)', async () => {
    await expectDenied(getDoc(doc(w.as('client'), 'telegramBots/tA')));
    await expectDenied(getDocs(query(collection(w.as('anon'), 'telegramBots'), where('agentId', '==', 'agentA1'))));
  });
});
