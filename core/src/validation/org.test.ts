import { describe, expect, it } from 'vitest';
import { validateAddClient, validateCreditTransfer, validateDisabledAccessMessage, validateOrgId, validateOrgName } from './org';
import { validateToolDescription, validateToolServerUrl } from './tool';

describe('validateAddClient', () => {
  const ok = { name: 'Ann', email: 'ann@x.com', dashboardPassword: 'abcdefghijklmno' };
  it.each([
    [ok, {}, null],
    [{ ...ok, name: '' }, {}, 'Please fill out all fields.'],
    [{ ...ok, email: ' ' }, {}, 'Please fill out all fields.'],
    [{ ...ok, dashboardPassword: '' }, {}, 'Please fill out all fields.'],
    [ok, { existingClientOrgId: 'org2' }, 'Client already exists to org: org2'],
    [ok, { existingClientOrgId: 'org1' }, null],
  ])('%j %j → %j', (input, ctx, expected) => {
    expect(validateAddClient(input, { orgId: 'org1', ...ctx })).toBe(expected);
  });
});

describe('organisation', () => {
  it.each([
    ['', 'Organization name is required.'],
    [undefined, 'Organization name is required.'],
    ['Acme', null],
  ])('name %j → %j', (name, expected) => {
    expect(validateOrgName(name)).toBe(expected);
  });
  it.each([
    ['', 'Organization ID is missing. Please try again or contact support.'],
    [null, 'Organization ID is missing. Please try again or contact support.'],
    ['org1', null],
  ])('id %j → %j', (id, expected) => {
    expect(validateOrgId(id)).toBe(expected);
  });
  it.each([
    [{ amount: 0, sourceBalance: 100, source: 'workspace' }, 'Please enter a valid amount to transfer.'],
    [{ amount: -5, sourceBalance: 100, source: 'org' }, 'Please enter a valid amount to transfer.'],
    [{ amount: Number.NaN, sourceBalance: 100, source: 'org' }, 'Please enter a valid amount to transfer.'],
    [{ amount: 100, sourceBalance: 100, source: 'workspace' }, null],
    [{ amount: 100.5, sourceBalance: 100, source: 'workspace' }, 'Not enough credits in workspace.'],
    [{ amount: 101, sourceBalance: 100, source: 'org' }, 'Not enough credits in org.'],
  ] as const)('transfer %j → %j', (input, expected) => {
    expect(validateCreditTransfer(input)).toBe(expected);
  });
  it.each([
    [1024, null],
    [1025, 'Message must be at most 1024 characters'],
    [0, null],
  ])('disabled-access message of %i chars → %j', (n, expected) => {
    expect(validateDisabledAccessMessage('x'.repeat(n))).toBe(expected);
  });
});

describe('tools', () => {
  it.each([
    [512, null],
    [513, 'Description must be at most 512 characters'],
  ])('description of %i chars → %j', (n, expected) => {
    expect(validateToolDescription('d'.repeat(n))).toBe(expected);
  });
  it.each([
    ['https://api.example.com/hook', null],
    ['http://localhost:8080/x', null],
    ['not a url', 'Please enter a valid URL'],
    ['ftp://example.com', 'Please enter a valid URL'],
    ['', 'Please enter a valid URL'],
  ])('server URL %j → %j', (url, expected) => {
    expect(validateToolServerUrl(url)).toBe(expected);
  });
});
