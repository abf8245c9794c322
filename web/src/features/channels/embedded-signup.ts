// Meta's Embedded Signup popup tells the opener what happened through window.postMessage: a JSON string
// { type: 'WA_EMBEDDED_SIGNUP', event: FINISH | CANCEL | ERROR, data }. Only messages from Meta's own origins
// count: any page could post a look-alike, and a forged FINISH would make us connect a number of its choosing.
import { WA_EMBEDDED_SIGNUP_EVENT } from '@parley/core';

export type EmbeddedSignupEvent =
  | { event: 'FINISH'; phoneNumberId: string; wabaId: string }
  | { event: 'CANCEL'; currentStep: string }
  | { event: 'ERROR'; errorMessage: string };

/** Whether a message's origin is one of the login origins (exact match: scheme, host and port). */
export function isTrustedOrigin(origin: string, trusted: readonly string[]): boolean {
  return trusted.some((allowed) => allowed.replace(/\/$/, '') === origin);
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/**
 * The Embedded Signup event a message carries, or null when it is not one or comes from an origin that is not
 * Meta's. Meta posts a JSON string; an object is read too.
 */
export function readEmbeddedSignupMessage(message: { origin: string; data: unknown }, trusted: readonly string[]): EmbeddedSignupEvent | null {
  if (!isTrustedOrigin(message.origin, trusted)) return null;
  let payload: unknown = message.data;
  if (typeof payload === 'string') {
    try {
      payload = JSON.parse(payload);
    } catch {
      return null;
    }
  }
  const record = asRecord(payload);
  if (!record || record.type !== WA_EMBEDDED_SIGNUP_EVENT) return null;
  const data = asRecord(record.data) ?? {};
  switch (record.event) {
    case 'FINISH': {
      const phoneNumberId = text(data.phone_number_id);
      const wabaId = text(data.waba_id);
      return phoneNumberId && wabaId ? { event: 'FINISH', phoneNumberId, wabaId } : null;
    }
    case 'CANCEL':
      return { event: 'CANCEL', currentStep: text(data.current_step) };
    case 'ERROR':
      return { event: 'ERROR', errorMessage: text(data.error_message) || 'Unknown error' };
    default:
      return null;
  }
}
