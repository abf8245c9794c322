// Sends e-mail through Resend's real client; RESEND_BASE_URL points it at the local fake.
import { defineSecret, defineString } from 'firebase-functions/params';
import { Resend } from 'resend';

export const RESEND_API_KEY = defineSecret('RESEND_API_KEY');
export const RESEND_FROM = defineString('RESEND_FROM', { default: 'Parley <noreply@parley.dev>' });

export interface OutgoingMail {
  to: string[];
  subject: string;
  html: string;
  from?: string;
  /** Where a reply goes when it is not the sender (a client's feedback is answered to the client). */
  replyTo?: string;
}

function readParam(read: () => string, envName: string): string {
  try {
    return read() || process.env[envName] || '';
  } catch {
    return process.env[envName] ?? '';
  }
}

/** Returns the provider's message id; throws with the provider's message on failure. */
export async function sendMail(mail: OutgoingMail): Promise<string> {
  const key = readParam(() => RESEND_API_KEY.value(), 'RESEND_API_KEY');
  if (!key) throw new Error('E-mail is not configured (RESEND_API_KEY is missing).');
  const from = mail.from ?? (readParam(() => RESEND_FROM.value(), 'RESEND_FROM') || 'Parley <noreply@parley.dev>');
  const client = new Resend(key, { baseUrl: process.env.RESEND_BASE_URL || undefined });
  const { data, error } = await client.emails.send({ from, to: mail.to, subject: mail.subject, html: mail.html, ...(mail.replyTo ? { replyTo: mail.replyTo } : {}) });
  if (error || !data) throw new Error(error?.message ?? 'The e-mail provider did not accept the message.');
  return data.id;
}
