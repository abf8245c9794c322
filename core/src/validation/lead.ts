// The one check of a visitor's contact details, for the widget's lead form, the lead endpoint and the model's lead
// tool alike: an e-mail or phone number that fails it is asked for again and never stored.
import { LEAD_NAME_MAX, type LeadFields } from '../schemas/lead';

export const LEAD_MESSAGES = {
  invalidEmail: 'Please enter a valid e-mail address.',
  invalidPhone: 'Please enter a valid phone number, with its country code (e.g. +44 20 7946 0958).',
  nameTooLong: `Names can be at most ${LEAD_NAME_MAX} characters.`,
  nothingGiven: 'Please fill in at least one field.',
} as const;

const EMAIL_MAX = 254;
// One @, a local part and a dotted domain without spaces: what a mail server would accept as an address.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The address trimmed and with its domain in lower case, or null when it is not an e-mail address. */
export function normalizeLeadEmail(input: string): string | null {
  const email = input.trim();
  if (email.length > EMAIL_MAX || !EMAIL.test(email)) return null;
  const at = email.lastIndexOf('@');
  return `${email.slice(0, at)}${email.slice(at).toLowerCase()}`;
}

/**
 * The number as `+` and its digits (spaces, dots, dashes and brackets dropped; a leading 00 read as +), or null when it
 * is not 7 to 15 digits (E.164's longest).
 */
export function normalizeLeadPhone(input: string): string | null {
  const raw = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(raw)) return null;
  const international = raw.startsWith('+') || raw.startsWith('00');
  let digits = raw.replace(/\D/g, '');
  if (raw.startsWith('00')) digits = digits.slice(2);
  if (digits.length < 7 || digits.length > 15) return null;
  return international ? `+${digits}` : digits;
}

export type LeadCheck = { ok: true; fields: LeadFields } | { ok: false; field: keyof LeadFields; message: string };

/**
 * The given fields normalised, or the first one that is not valid with the sentence to ask again. Empty values are
 * left out (not given); at least one field must remain.
 */
export function checkLeadFields(input: { name?: string | null; email?: string | null; phone?: string | null }): LeadCheck {
  const fields: LeadFields = {};
  const name = input.name?.trim().replace(/\s+/g, ' ');
  if (name) {
    if (name.length > LEAD_NAME_MAX) return { ok: false, field: 'name', message: LEAD_MESSAGES.nameTooLong };
    fields.name = name;
  }
  if (input.email?.trim()) {
    const email = normalizeLeadEmail(input.email);
    if (!email) return { ok: false, field: 'email', message: LEAD_MESSAGES.invalidEmail };
    fields.email = email;
  }
  if (input.phone?.trim()) {
    const phone = normalizeLeadPhone(input.phone);
    if (!phone) return { ok: false, field: 'phone', message: LEAD_MESSAGES.invalidPhone };
    fields.phone = phone;
  }
  if (Object.keys(fields).length === 0) return { ok: false, field: 'name', message: LEAD_MESSAGES.nothingGiven };
  return { ok: true, fields };
}

/** What a search box's text is matched as: lower case, and a phone number as its digits with +. */
export function leadSearchTerm(input: string): string {
  const text = input.trim().toLowerCase();
  return normalizeLeadPhone(text) ?? text;
}

/** The terms a lead (or its conversation) is found by: the whole name and each of its words, the e-mail, the phone. */
export function leadSearchTerms(fields: LeadFields): string[] {
  const terms = new Set<string>();
  const name = fields.name?.trim().toLowerCase();
  if (name) {
    terms.add(name);
    for (const word of name.split(' ')) if (word) terms.add(word);
  }
  if (fields.email) terms.add(fields.email.toLowerCase());
  if (fields.phone) {
    terms.add(fields.phone);
    terms.add(fields.phone.replace(/^\+/, ''));
  }
  return [...terms];
}
