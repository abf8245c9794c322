import { describe, expect, it } from 'vitest';
import { leadCaptureOf } from '../schemas/lead';
import { checkLeadFields, LEAD_MESSAGES, leadSearchTerm, leadSearchTerms, normalizeLeadEmail, normalizeLeadPhone } from './lead';

describe('lead e-mail', () => {
  it.each([
    ['Ada@Example.COM', 'Ada@example.com'],
    ['  bob.smith+tag@mail.co.uk ', 'bob.smith+tag@mail.co.uk'],
  ])('accepts %j as %j', (input, expected) => expect(normalizeLeadEmail(input)).toBe(expected));
  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada @example.com', 'a@b@c.com', 'ada@.com'])('refuses %j', (input) =>
    expect(normalizeLeadEmail(input)).toBeNull(),
  );
});

describe('lead phone', () => {
  it.each([
    ['+44 20 7946-0958', '+442079460958'],
    ['0044 (20) 7946.0958', '+442079460958'],
    ['020 7946 0958', '02079460958'],
  ])('accepts %j as %j', (input, expected) => expect(normalizeLeadPhone(input)).toBe(expected));
  it.each(['123', 'call me', '+1 555 CALL NOW', '+1234567890123456'])('refuses %j', (input) => expect(normalizeLeadPhone(input)).toBeNull());
});

describe('checkLeadFields', () => {
  it('normalises what is given and leaves out empty fields', () => {
    expect(checkLeadFields({ name: '  Ada   Lovelace ', email: '', phone: '+1 555 010 0100' })).toEqual({ ok: true, fields: { name: 'Ada Lovelace', phone: '+15550100100' } });
  });
  it('names the first invalid field with the sentence to ask again', () => {
    expect(checkLeadFields({ name: 'Ada', email: 'nope' })).toEqual({ ok: false, field: 'email', message: LEAD_MESSAGES.invalidEmail });
    expect(checkLeadFields({ phone: 'x' })).toEqual({ ok: false, field: 'phone', message: LEAD_MESSAGES.invalidPhone });
    expect(checkLeadFields({})).toEqual({ ok: false, field: 'name', message: LEAD_MESSAGES.nothingGiven });
  });
});

describe('lead search', () => {
  it('finds a lead by its whole name, a word of it, its e-mail or its phone as typed', () => {
    const terms = leadSearchTerms({ name: 'Ada Lovelace', email: 'Ada@example.com', phone: '+442079460958' });
    for (const typed of ['Ada Lovelace', 'lovelace', 'ADA@example.com', '+44 20 7946 0958']) expect(terms).toContain(leadSearchTerm(typed));
  });
});

describe('leadCaptureOf', () => {
  it('is off when absent, disabled, asking for nothing or unreadable', () => {
    expect(leadCaptureOf(undefined)).toBeNull();
    expect(leadCaptureOf({ enabled: false })).toBeNull();
    expect(leadCaptureOf({ enabled: true, fields: { name: false, email: false, phone: false } })).toBeNull();
    expect(leadCaptureOf({ enabled: 'yes' })).toBeNull();
  });
  it('fills the defaults: name and e-mail, at the start', () => {
    expect(leadCaptureOf({ enabled: true })).toEqual({ enabled: true, fields: { name: true, email: true, phone: false }, when: 'start', afterMessages: 2 });
  });
});
