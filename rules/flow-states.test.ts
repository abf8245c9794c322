// Rules for voiceglow/{agentId}/flowStates/{conversationId}: the flow step of a conversation whose history the agent
// does not record, kept by the conversation engine in functions. No client reads or writes it: a visitor who could
// set it would skip the flow's steps.
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, collectionGroup, deleteDoc, doc, getDoc, getDocs, setDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { ALL_ROLES, EU, useWorld, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });
const STATE = 'voiceglow/agentA1/flowStates/c1';

describe.each(ALL_ROLES.map((role) => [role] as [Role]))('%s', (role) => {
  it('reads, lists and writes no flow state (both databases)', async () => {
    await w.seed({ [STATE]: { flowStep: 'confirm', expiresAt: 1 } });
    const db = w.as(role);
    await assertFails(getDoc(doc(db, STATE)));
    await assertFails(getDocs(collection(db, 'voiceglow/agentA1/flowStates')));
    await assertFails(getDocs(collectionGroup(db, 'flowStates')));
    await assertFails(setDoc(doc(db, STATE), { flowStep: 'bye' }));
    await assertFails(deleteDoc(doc(db, STATE)));
    await assertFails(setDoc(doc(w.as(role, EU), STATE), { flowStep: 'bye' }));
  });
});
