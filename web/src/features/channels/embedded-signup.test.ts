import { describe, expect, it } from 'vitest';
import { isTrustedOrigin, readEmbeddedSignupMessage } from './embedded-signup';

const META = ['https://www.facebook.com', 'https://web.facebook.com'];
const finish = JSON.stringify({ type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: { phone_number_id: '3000000000000001', waba_id: '2000000000000001' }, version: '2' });

describe('WA_EMBEDDED_SIGNUP messages', () => {
  it('reads FINISH, CANCEL and ERROR from Meta’s origins', () => {
    expect(readEmbeddedSignupMessage({ origin: 'https://www.facebook.com', data: finish }, META)).toEqual({
      event: 'FINISH', phoneNumberId: '3000000000000001', wabaId: '2000000000000001',
    });
    const cancel = { type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', data: { current_step: 'PHONE_NUMBER_SETUP' } };
    expect(readEmbeddedSignupMessage({ origin: 'https://web.facebook.com', data: JSON.stringify(cancel) }, META)).toEqual({ event: 'CANCEL', currentStep: 'PHONE_NUMBER_SETUP' });
    const error = { type: 'WA_EMBEDDED_SIGNUP', event: 'ERROR', data: { error_message: 'Number already in use' } };
    expect(readEmbeddedSignupMessage({ origin: 'https://www.facebook.com', data: error }, META)).toEqual({ event: 'ERROR', errorMessage: 'Number already in use' });
  });

  it('ignores the same message from any other origin, look-alike hosts included', () => {
    for (const origin of ['https://evil.example', 'https://www.facebook.com.evil.example', 'http://www.facebook.com', 'https://facebook.com', 'null']) {
      expect(readEmbeddedSignupMessage({ origin, data: finish }, META)).toBeNull();
    }
  });

  it('accepts the local Meta stand-in only when it is the configured origin', () => {
    const local = ['http://127.0.0.1:9405'];
    expect(readEmbeddedSignupMessage({ origin: 'http://127.0.0.1:9405', data: finish }, local)?.event).toBe('FINISH');
    expect(readEmbeddedSignupMessage({ origin: 'http://127.0.0.1:9405', data: finish }, META)).toBeNull();
    expect(isTrustedOrigin('http://127.0.0.1:9405', ['http://127.0.0.1:9405/'])).toBe(true);
  });

  it('ignores other messages, bad JSON and a FINISH without its ids', () => {
    const origin = 'https://www.facebook.com';
    expect(readEmbeddedSignupMessage({ origin, data: '{not json' }, META)).toBeNull();
    expect(readEmbeddedSignupMessage({ origin, data: { type: 'FB_LOGIN_RESULT' } }, META)).toBeNull();
    expect(readEmbeddedSignupMessage({ origin, data: { type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: { waba_id: '1' } } }, META)).toBeNull();
    expect(readEmbeddedSignupMessage({ origin, data: { type: 'WA_EMBEDDED_SIGNUP', event: 'OTHER', data: {} } }, META)).toBeNull();
  });
});
