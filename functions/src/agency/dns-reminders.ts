// DNS reminders (agencies/{id}/dns_reminders/{domain}): written only here, when an owner submits a custom domain
// (firestore.rules refuses every client write). A day later, if the domain is still not verified, the agency's
// owner gets one reminder e-mail: to the verified address of the owner's workspace (users/{userId}.email, which
// createWorkspace takes from a verified token and no client may change), in this module's words. The reminder
// document names neither a recipient nor any text. "Once" is a transaction that flips `sent` before the e-mail goes
// out, so two runs (or two instances) never both send it.
import { COLLECTIONS, DATABASE_IDS, paths, REGIONS, type Region } from '@parley/core';
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { databaseFor } from '../adapters/firestore';
import { sendMail } from '../adapters/mailer';
import { escapeHtml } from './html';
import type { FoundAgency } from './agency-reads';

export const DNS_REMINDER_DELAY_SECONDS = 24 * 3600;

/** One reminder per agency and domain (the domain is the document id): submitting again changes nothing. */
export async function writeDnsReminder(agency: FoundAgency, domain: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<void> {
  const ref = databaseFor(agency.region).doc(paths.dnsReminder(agency.id, domain));
  await ref.create({ domain, agencyId: agency.id, bucket: DATABASE_IDS[agency.region], timestamp: nowSeconds, sent: false }).catch((error: { code?: unknown }) => {
    if (error?.code !== 6) throw error;
  });
}

/** The agency owner's verified address: the e-mail of its workspace record in the agency's region ('' if none). */
export async function ownerVerifiedEmail(db: Firestore, agency: DocumentData | undefined): Promise<string> {
  const uid = typeof agency?.userId === 'string' ? agency.userId : '';
  if (!uid) return '';
  const email = (await db.doc(paths.user(uid)).get()).get('email');
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/** Drops the reminder of a cancelled domain (an unsent one would remind about a domain nobody wants). */
export async function deleteDnsReminder(agency: FoundAgency, domain: string): Promise<void> {
  await databaseFor(agency.region).doc(paths.dnsReminder(agency.id, domain)).delete();
}

function reminderHtml(domain: string, agencyName: string): string {
  return `<p>Hello${agencyName ? ` ${escapeHtml(agencyName)}` : ''},</p>
<p>Your custom domain <strong>${escapeHtml(domain)}</strong> is not verified yet. Add the DNS records shown on the Domains tab of your agency page at your DNS provider, then press Verify.</p>`;
}

async function sendDue(db: Firestore, nowSeconds: number): Promise<number> {
  const due = await db.collectionGroup(COLLECTIONS.dnsReminders).where('sent', '==', false).where('timestamp', '<=', nowSeconds - DNS_REMINDER_DELAY_SECONDS).limit(100).get();
  let sent = 0;
  for (const doc of due.docs) {
    const agencyRef = doc.ref.parent.parent;
    if (!agencyRef) continue;
    // Claim the reminder first: whoever flips `sent` sends it; everyone else skips it.
    const claimed = await db.runTransaction(async (tx) => {
      const [fresh, agency] = await Promise.all([tx.get(doc.ref), tx.get(agencyRef)]);
      if (!fresh.exists || fresh.get('sent') === true) return null;
      // The domain is the one the agency itself still waits for (its id names it): the reminder's own fields are
      // only a pointer to it.
      const domain = agency.get('customDomain');
      const stillPending = agency.exists && typeof domain === 'string' && domain === fresh.id && agency.get('isVerifiedCustomDomain') !== true;
      tx.update(doc.ref, { sent: true, ...(stillPending ? { sentAt: nowSeconds } : { skipped: true }) });
      return stillPending ? { domain, agency: agency.data() } : null;
    });
    if (!claimed) continue;
    const to = await ownerVerifiedEmail(db, claimed.agency);
    if (!to) continue;
    const agencyName = typeof claimed.agency?.name === 'string' ? claimed.agency.name : '';
    await sendMail({ to: [to], subject: `Finish setting up ${claimed.domain}`, html: reminderHtml(claimed.domain, agencyName) });
    sent++;
  }
  return sent;
}

/** Sends every due reminder of both regions; answers how many e-mails went out. */
export async function sendDueDnsReminders(nowSeconds = Math.floor(Date.now() / 1000), regions: readonly Region[] = REGIONS): Promise<number> {
  let total = 0;
  for (const region of regions) total += await sendDue(databaseFor(region), nowSeconds);
  return total;
}
