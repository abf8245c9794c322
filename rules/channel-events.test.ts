// Rules for channelEvents/{eventId}: one inbound channel message (the once-only record of a provider message id),
// its reply and the provider's reply context (e.g. a Discord interaction token). Functions only: a client that
// could create one would block a real message; one that could read it would see tokens and other users' messages.
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, limit, query, setDoc, where } from 'firebase/firestore/lite';
import { describe, it } from 'vitest';
import { ALL_ROLES, EU, useWorld, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });
const EVENT = 'channelEvents/telegram_abc';
const event = { channel: 'telegram', region: 'na', agentId: 'agentA1', endpointId: 'tA', providerMessageId: '1', userId: '5', userName: 'Ada', text: 'hi', state: 'done', receivedAt: 1, attempts: 1, context: { interactionToken: 'secret' } };

describe.each(ALL_ROLES.map((role) => [role] as [Role]))('%s', (role) => {
  it('reads, lists, creates and deletes no channel event (both databases)', async () => {
    await w.seed({ [EVENT]: event });
    const db = w.as(role);
    await assertFails(getDoc(doc(db, EVENT)));
    await assertFails(getDocs(query(collection(db, 'channelEvents'), where('agentId', '==', 'agentA1'), limit(10))));
    await assertFails(setDoc(doc(db, 'channelEvents/telegram_new'), { ...event, state: 'queued' }));
    await assertFails(deleteDoc(doc(db, EVENT)));
    await assertFails(setDoc(doc(w.as(role, EU), 'channelEvents/telegram_new'), event));
  });
});
