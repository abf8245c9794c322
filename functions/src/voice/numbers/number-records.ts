// phoneNumbers/{id}: the numbers a workspace holds (members read them; only functions write). A number counts against
// the plan's twilioPhoneNumberSlots (included plus add-ons, core's phoneNumberSlotLimit) from the moment it is stored:
// the check and the write are one transaction, so two purchases at once cannot both take the last slot.
import { randomBytes } from 'node:crypto';
import { HttpError } from '../../http/endpoint';
import { paths, phoneNumberSchema, voiceApi, phoneNumberSlotLimit, planLimitDenial, voicePaths, type PhoneNumberRecord } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import { parseStored } from '../../adapters/stored-data';

export const newPhoneNumberId = (): string => randomBytes(10).toString('hex');

export async function numbersOfWorkspace(db: Firestore, ownerID: string): Promise<PhoneNumberRecord[]> {
  const snaps = await db.collection(voicePaths.phoneNumbers()).where('ownerID', '==', ownerID).get();
  return snaps.docs.map((d) => parseStored(phoneNumberSchema, d)).sort((a, b) => a.createdAt - b.createdAt);
}

export async function numbersOfAgent(db: Firestore, ownerID: string, agentId: string): Promise<PhoneNumberRecord[]> {
  const snaps = await db.collection(voicePaths.phoneNumbers()).where('agentId', '==', agentId).get();
  return snaps.docs.map((d) => parseStored(phoneNumberSchema, d)).filter((n) => n.ownerID === ownerID);
}

export async function readNumber(db: Firestore, id: string): Promise<PhoneNumberRecord | null> {
  const snap = await db.doc(voicePaths.phoneNumber(id)).get();
  return snap.exists ? parseStored(phoneNumberSchema, snap) : null;
}

/** The number as stored for the provider's number id (the webhook's routing), or null. */
export async function numberOfProviderId(db: Firestore, providerNumberId: string): Promise<PhoneNumberRecord | null> {
  const snaps = await db.collection(voicePaths.phoneNumbers()).where('providerNumberId', '==', providerNumberId).limit(1).get();
  return snaps.empty ? null : parseStored(phoneNumberSchema, snaps.docs[0]!);
}

export async function slotsOf(db: Firestore, ownerID: string): Promise<{ used: number; limit: number }> {
  const [workspace, numbers] = await Promise.all([db.doc(paths.user(ownerID)).get(), db.collection(voicePaths.phoneNumbers()).where('ownerID', '==', ownerID).count().get()]);
  return { used: numbers.data().count, limit: phoneNumberSlotLimit(workspace.data()) };
}

/** 402 with how to get more when the workspace has no free slot. */
export async function requireFreeSlot(db: Firestore, ownerID: string): Promise<void> {
  const workspace = (await db.doc(paths.user(ownerID)).get()).data();
  const used = (await db.collection(voicePaths.phoneNumbers()).where('ownerID', '==', ownerID).count().get()).data().count;
  const denial = planLimitDenial('phoneNumbers', workspace, used);
  if (denial) throw new HttpError(402, denial);
}

/**
 * Stores the number if a slot is still free (402 otherwise) and the number is not held already (409); `secrets`
 * (an imported number's own Twilio credentials) go to its private document in the same commit.
 */
export async function storeNumber(db: Firestore, number: PhoneNumberRecord, secrets?: Record<string, string>): Promise<void> {
  await db.runTransaction(async (tx) => {
    const [workspace, mine, same] = await Promise.all([
      tx.get(db.doc(paths.user(number.ownerID))),
      tx.get(db.collection(voicePaths.phoneNumbers()).where('ownerID', '==', number.ownerID)),
      tx.get(db.collection(voicePaths.phoneNumbers()).where('number', '==', number.number).limit(1)),
    ]);
    if (!same.empty) throw new HttpError(409, voiceApi.VOICE_MESSAGES.numberTaken);
    const denial = planLimitDenial('phoneNumbers', workspace.data(), mine.size);
    if (denial) throw new HttpError(402, denial);
    tx.create(db.doc(voicePaths.phoneNumber(number.ID)), number);
    if (secrets) tx.set(db.doc(voicePaths.phoneNumberSecrets(number.ID)), secrets);
  });
}
