// Sends e-mail through Resend's real client; RESEND_BASE_URL points it at the local fake.
import { defineSecret, defineString } from 'firebase-functions/params';
import { Resend } from 'resend';
import { paramValue } from './params';

export const RESEND_API_KEY = defineSecret('RESEND_API_KEY');
/** The platform's own sender, when the deploy names none. */
export const DEFAULT_FROM = 'Parley <noreply@parley.dev>';
export const RESEND_FROM = defineString('RESEND_FROM', { default: DEFAULT_FROM });

export interface OutgoingMail {
  to: string[];
  subject: string;
  html: string;
  from?: string;
  /** Where a reply goes when it is not the sender (a client's feedback is answered to the client). */
  replyTo?: string;
}

/** Returns the provider's message id; throws with the provider's message on failure. */
export async function sendMail(mail: OutgoingMail): Promise<string> {
  const key = paramValue(RESEND_API_KEY);
  if (!key) throw new Error('E-mail is not configured (RESEND_API_KEY is missing).');
  const from = mail.from ?? (paramValue(RESEND_FROM) || DEFAULT_FROM);
  const client = new Resend(key, { baseUrl: process.env.RESEND_BASE_URL || undefined });
  const { data, error } = await client.emails.send({ from, to: mail.to, subject: mail.subject, html: mail.html, ...(mail.replyTo ? { replyTo: mail.replyTo } : {}) });
  if (error || !data) throw new Error(error?.message ?? 'The e-mail provider did not accept the message.');
  return data.id;
}
