// Rules for voiceglow/{agentId}/conversationUsage/{conversationId}: how many visitor messages a conversation sent
// (its messagesLimit), kept by the credit reservation in functions. No client reads or writes it: a visitor or a
// member who could reset it would lift the cap.
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, collectionGroup, deleteDoc, doc, getDoc, getDocs, setDoc } from 'firebase/firestore/lite';
import { describe, it } from 'vitest';
import { ALL_ROLES, EU, useWorld, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });
const COUNTER = 'voiceglow/agentA1/conversationUsage/c1';

describe.each(ALL_ROLES.map((role) => [role] as [Role]))('%s', (role) => {
  it('reads, lists and writes no conversation counter (both databases)', async () => {
    await w.seed({ [COUNTER]: { visitorMessages: 3, updatedAt: 1 } });
    const db = w.as(role);
    await assertFails(getDoc(doc(db, COUNTER)));
    await assertFails(getDocs(collection(db, 'voiceglow/agentA1/conversationUsage')));
    await assertFails(getDocs(collectionGroup(db, 'conversationUsage')));
    await assertFails(setDoc(doc(db, COUNTER), { visitorMessages: 0 }));
    await assertFails(deleteDoc(doc(db, COUNTER)));
    await assertFails(setDoc(doc(w.as(role, EU), COUNTER), { visitorMessages: 0 }));
  });
});
