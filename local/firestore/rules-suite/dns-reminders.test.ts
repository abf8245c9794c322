// Rules for agencies/{agencyId}/dns_reminders/{id}.
import { addDoc, collection, deleteDoc, doc, getDocs, updateDoc } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { EU, expectDenied, useWorld } from './world.ts';

const w = useWorld({ resetBeforeEach: true });

const reminder = { domain: 'app.agency-a.test', agencyId: 'agA', agencyName: 'Agency A', userEmail: 'alice@a.test', bucket: '(default)', timestamp: 5, sent: false };

describe('agency owner', () => {
  it('creates a reminder for its agency and lists them', async () => {
    const db = w.as('owner');
    await addDoc(collection(db, 'agencies/agA/dns_reminders'), reminder);
    expect((await getDocs(collection(db, 'agencies/agA/dns_reminders'))).size).toBe(2);
  });

  it('deletes a reminder', async () => {
    await deleteDoc(doc(w.as('owner'), 'agencies/agA/dns_reminders/r1'));
    expect(await w.read('agencies/agA/dns_reminders/r1')).toBeNull();
  });

  it('creates reminders in the EU database too', async () => {
    await addDoc(collection(w.as('owner', EU), 'agencies/agA/dns_reminders'), { ...reminder, bucket: 'voiceglow-eu' });
  });

  it('may not mark reminders sent or create them already sent (the mailer does)', async () => {
    const db = w.as('owner');
    await expectDenied(updateDoc(doc(db, 'agencies/agA/dns_reminders/r1'), { sent: true }));
    await expectDenied(addDoc(collection(db, 'agencies/agA/dns_reminders'), { ...reminder, sent: true }));
  });

  it('may not file a reminder naming another agency', async () => {
    await expectDenied(addDoc(collection(w.as('owner'), 'agencies/agA/dns_reminders'), { ...reminder, agencyId: 'agB' }));
  });
});

describe('others', () => {
  it('another agency owner neither reads nor adds reminders of agency A', async () => {
    const db = w.as('stranger');
    expect((await getDocs(collection(db, 'agencies/agB/dns_reminders'))).size).toBe(1);
    await expectDenied(getDocs(collection(db, 'agencies/agA/dns_reminders')));
    await expectDenied(addDoc(collection(db, 'agencies/agA/dns_reminders'), { ...reminder }));
  });

  it('agency clients, members and visitors read nothing', async () => {
    await expectDenied(getDocs(collection(w.as('client'), 'agencies/agA/dns_reminders')));
    await expectDenied(getDocs(collection(w.as('member'), 'agencies/agA/dns_reminders')));
    await expectDenied(getDocs(collection(w.as('anon'), 'agencies/agA/dns_reminders')));
  });
});
