// Rules for voiceglow/{agentId}/channelThreads/{key}: which conversation a channel user has with the agent.
// Functions only: the conversation id in it opens the conversation on the public API, and a client that could
// write one would route a channel user into another conversation.
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, collectionGroup, deleteDoc, doc, getDoc, getDocs, setDoc } from 'firebase/firestore/lite';
import { describe, it } from 'vitest';
import { ALL_ROLES, EU, useWorld, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });
const THREAD = 'voiceglow/agentA1/channelThreads/telegram_abc';
const thread = { conversationId: 'c_0123456789abcdef', channel: 'telegram', endpointId: 'tA', userId: '5', userName: 'Ada', createdAt: 1 };

describe.each(ALL_ROLES.map((role) => [role] as [Role]))('%s', (role) => {
  it('reads, lists and writes no channel thread (both databases)', async () => {
    await w.seed({ [THREAD]: thread });
    const db = w.as(role);
    await assertFails(getDoc(doc(db, THREAD)));
    await assertFails(getDocs(collection(db, 'voiceglow/agentA1/channelThreads')));
    await assertFails(getDocs(collectionGroup(db, 'channelThreads')));
    await assertFails(setDoc(doc(db, THREAD), { ...thread, conversationId: 'c_attacker_chosen00' }));
    await assertFails(deleteDoc(doc(db, THREAD)));
    await assertFails(setDoc(doc(w.as(role, EU), THREAD), thread));
  });
});
