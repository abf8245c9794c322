// Rules for agencies/{agencyId}/dns_reminders/{id}.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { addDoc, collection, collectionGroup, deleteDoc, doc, getDocs, setDoc, updateDoc } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, useWorld, type Role } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

const REMINDERS = 'agencies/agA/dns_reminders';
const reminder = { domain: 'app.agency-a.test', agencyId: 'agA', agencyName: 'Agency A', userEmail: 'alice@a.test', bucket: '(default)', timestamp: 5, sent: false };
const list = (role: Role, path = REMINDERS) => getDocs(collection(w.as(role), path));
const acrossAgencies = (role: Role) => getDocs(collectionGroup(w.as(role), 'dns_reminders'));

describe('owner (agency owner)', () => {
  it('lists its agency’s reminders (the agency in the path)', async () => {
    expect((await assertSucceeds(list('owner'))).size).toBe(1);
  });

  it('is denied the same list across every agency (collection group)', async () => {
    await assertFails(acrossAgencies('owner'));
  });

  it('lists an empty reminders collection (still denied across agencies)', async () => {
    await w.withEmptyCollection(REMINDERS, async () => {
      expect((await assertSucceeds(list('owner'))).size).toBe(0);
      await assertFails(acrossAgencies('owner'));
    });
  });

  it('attack: may not write a reminder (any recipient, any text, any time) for the hourly mailer to send', async () => {
    const relay = { ...reminder, userEmail: 'victim@elsewhere.test', agencyName: '<a href="https://phish.test">Your bank</a>', timestamp: 0 };
    await assertFails(addDoc(collection(w.as('owner'), REMINDERS), relay));
    await assertFails(setDoc(doc(w.as('owner'), `${REMINDERS}/app.agency-a.test`), relay));
    await assertFails(setDoc(doc(w.as('owner', EU), `${REMINDERS}/x.test`), { ...relay, bucket: 'voiceglow-eu' }));
    await assertFails(updateDoc(doc(w.as('owner'), `${REMINDERS}/r1`), { userEmail: 'victim@elsewhere.test' }));
    expect(await w.read(`${REMINDERS}/r1`)).toMatchObject({ sent: false });
  });

  it('may not mark reminders sent or delete them (the domain functions do)', async () => {
    await assertFails(updateDoc(doc(w.as('owner'), `${REMINDERS}/r1`), { sent: true }));
    await assertFails(deleteDoc(doc(w.as('owner'), `${REMINDERS}/r1`)));
  });
});

describe('stranger (owner of agency B)', () => {
  it('lists its own agency’s reminders', async () => {
    expect((await assertSucceeds(list('stranger', 'agencies/agB/dns_reminders'))).size).toBe(1);
  });

  it('neither reads nor adds reminders of agency A', async () => {
    await assertFails(list('stranger'));
    await assertFails(addDoc(collection(w.as('stranger'), REMINDERS), { ...reminder }));
  });
});

describe('member', () => {
  it('is not the agency owner: reads nothing', async () => {
    await assertFails(list('member'));
  });
});

describe('client', () => {
  it('reads nothing', async () => {
    await assertFails(list('client'));
  });
});

describe('orgAdmin', () => {
  it('reads and adds nothing', async () => {
    await assertFails(list('orgAdmin'));
    await assertFails(addDoc(collection(w.as('orgAdmin'), REMINDERS), reminder));
  });
});

describe('otherClient', () => {
  it('reads nothing, not even its own agency’s reminders', async () => {
    await assertFails(list('otherClient', 'agencies/agB/dns_reminders'));
  });
});

describe('clientNamedAlice', () => {
  it('with the owner’s uid, reads, adds and deletes nothing', async () => {
    await assertFails(list('clientNamedAlice'));
    await assertFails(addDoc(collection(w.as('clientNamedAlice'), REMINDERS), reminder));
    await assertFails(deleteDoc(doc(w.as('clientNamedAlice'), `${REMINDERS}/r1`)));
  });
});

describe('anon', () => {
  it('reads nothing', async () => {
    await assertFails(list('anon'));
  });
});
