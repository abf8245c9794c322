import { describe, expect, it } from 'vitest';
import {
  normalizeGoogleBusiness, parseWhatsappTemplate, validateDiscord, validateGoogleBusiness, validateTelegramToken,
  validateWhatsappTemplate, validateWhatsappTestMessage,
} from './channels';

describe('Discord and Telegram', () => {
  it.each([
    [{ channelId: '', webhookUrl: 'https://discord.com/api/webhooks/1' }, 'Please fill out all fields.'],
    [{ channelId: '123', webhookUrl: ' ' }, 'Please fill out all fields.'],
    [{ channelId: '123', webhookUrl: 'https://discord.com/api/webhooks/1' }, null],
  ])('discord %j → %j', (input, expected) => {
    expect(validateDiscord(input)).toBe(expected);
  });
  it.each([
    ['', 'Please provide a valid token.'],
    ['  ', 'Please provide a valid token.'],
    ['123:abc', null],
  ])('telegram %j → %j', (token, expected) => {
    expect(validateTelegramToken(token)).toBe(expected);
  });
});

describe('WhatsApp test message', () => {
  it.each([
    [{ phone: '', numberId: 'id', message: 'hi' }, 'Please provide a valid phone number and ensure the ID is reachable.'],
    [{ phone: '+15551234', numberId: null, message: 'hi' }, 'Please provide a valid phone number and ensure the ID is reachable.'],
    [{ phone: '15551234', numberId: 'id', message: 'hi' }, 'Please include the country code in the phone number.'],
    [{ phone: '+15551234', numberId: 'id', message: ' ' }, 'Please enter a message to send.'],
    [{ phone: '+15551234', numberId: 'id', message: 'hi' }, null],
  ])('%j → %j', (input, expected) => {
    expect(validateWhatsappTestMessage(input)).toBe(expected);
  });
});

describe('WhatsApp template', () => {
  it.each([
    [{ name: 'order_update', bodyText: 'Your order shipped' }, null],
    [{ name: 'order_update', language: 'es', category: 'MARKETING', bodyText: 'Hola' }, null],
    [{ name: 'Order Update', bodyText: 'x' }, 'Invalid template info'],
    [{ name: 'order-update', bodyText: 'x' }, 'Invalid template info'],
    [{ name: '', bodyText: 'x' }, 'Invalid template info'],
    [{ name: 'ok', bodyText: '' }, 'Invalid template info'],
    [{ name: 'ok', bodyText: 'x', category: 'SPAM' }, 'Invalid template info'],
    [{ name: 'ok', bodyText: 'x', language: 'xx' }, 'Invalid template info'],
  ])('%j → %j', (input, expected) => {
    expect(validateWhatsappTemplate(input)).toBe(expected);
  });
  it('defaults language en and category UTILITY', () => {
    const r = parseWhatsappTemplate({ name: 'hello', bodyText: 'Hi' });
    expect(r).toEqual({ ok: true, template: { name: 'hello', language: 'en', category: 'UTILITY', bodyText: 'Hi' } });
  });
});

describe('Google Business', () => {
  it.each([
    [{ clientEmail: 'svc@proj.iam.gserviceaccount.com', privateKey: 'KEY' }, null],
    [{ clientEmail: 'svc', privateKey: 'KEY' }, 'Please fill in the required fields'],
    [{ clientEmail: 'svc@x.com', privateKey: '  ' }, 'Please fill in the required fields'],
  ])('%j → %j', (input, expected) => {
    expect(validateGoogleBusiness(input)).toBe(expected);
  });
  it('trims the e-mail and turns key newlines into commas', () => {
    expect(normalizeGoogleBusiness({ clientEmail: ' a@b.c ', privateKey: ' -----BEGIN-----\nabc\n-----END----- ' })).toEqual({
      clientEmail: 'a@b.c',
      privateKey: '-----BEGIN-----,abc,-----END-----',
    });
  });
});
