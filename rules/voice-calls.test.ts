// Rules for voiceCalls/{callId} (a call's state: its agent, conversation, line held, billed), voiceLines/{ownerID}
// (the workspace's calls in progress, counted against its concurrent lines) and voiceEvents/{id} (each voice provider
// event, processed once). Functions only: a client that could write them would free a line, mark a call billed or
// block a real event; the call is shown in Chats through its conversation.
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore/lite';
import { describe, it } from 'vitest';
import { ALL_ROLES, EU, useWorld, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });
const CALL = 'voiceCalls/call-1';
const LINES = 'voiceLines/alice';
const EVENT = 'voiceEvents/call-1_end-of-call-report';

describe.each(ALL_ROLES.map((role) => [role] as [Role]))('%s', (role) => {
  it('reads, lists and writes no call state, line count or event (both databases)', async () => {
    await w.seed({
      [CALL]: { callId: 'call-1', region: 'na', agentId: 'agentA1', ownerID: 'alice', conversationId: 'conv-call-000001', channel: 'phone', holdsLine: true, status: 'started', billed: false, createdAt: 1 },
      [LINES]: { calls: { 'call-1': 1 }, updatedAt: 1 },
      [EVENT]: { receivedAt: 1, state: 'done', answer: { ok: true } },
    });
    const db = w.as(role);
    for (const path of [CALL, LINES, EVENT]) {
      await assertFails(getDoc(doc(db, path)));
      await assertFails(deleteDoc(doc(db, path)));
      await assertFails(getDoc(doc(w.as(role, EU), path)));
    }
    await assertFails(getDocs(collection(db, 'voiceCalls')));
    await assertFails(updateDoc(doc(db, CALL), { billed: true }));
    await assertFails(setDoc(doc(db, LINES), { calls: {} }));
    await assertFails(setDoc(doc(db, 'voiceEvents/call-2_end-of-call-report'), { receivedAt: 2 }));
  });
});
