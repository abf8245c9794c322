import { describe, expect, it } from 'vitest';
import {
  validateClientCodeRequest, validateClientLogin, validateInvite, validateMemberCount, validateRemoveMember, validateWorkspaceName,
  workspaceSeatLimit, workspaceSeatLimitOf,
} from './workspace';

describe('workspaceSeatLimit', () => {
  it.each([
    [undefined, 2],
    [0, 2],
    [3, 5],
  ])('custom seats %j → %i', (seats, limit) => {
    expect(workspaceSeatLimit(seats)).toBe(limit);
  });

  it('reads the custom seats of a stored record, ignoring what is not a number', () => {
    expect(workspaceSeatLimitOf({ internal: { customPlan: { limits: { workspaceSeats: 1 } } } })).toBe(3);
    expect(workspaceSeatLimitOf({ internal: { customPlan: { limits: { workspaceSeats: '9' } } } })).toBe(2);
    expect(workspaceSeatLimitOf(undefined)).toBe(2);
    expect(workspaceSeatLimitOf({ v2StripeConfig: { limits: { workspaceSeats: 4 } } })).toBe(4);
    expect(workspaceSeatLimitOf({ internal: { customPlan: { limits: { workspaceSeats: 1 } } }, v2StripeConfig: { limits: { workspaceSeats: 4 } } })).toBe(5);
  });
});

describe('validateMemberCount', () => {
  it.each([
    [{ before: 2, after: 3, seatLimit: 2 }, 'Failed to add user to workspace, workspace does not have enough seats'],
    [{ before: 1, after: 2, seatLimit: 2 }, null],
    // Removing members is always allowed, even above the limit.
    [{ before: 5, after: 4, seatLimit: 2 }, null],
  ])('%j → %j', (input, message) => {
    expect(validateMemberCount(input)).toBe(message);
  });
});

describe('validateInvite', () => {
  const base = { selfEmail: 'me@x.com', memberCount: 1, customPlanWorkspaceSeats: 0 };
  it.each([
    [{ ...base, email: 'friend' }, 'Please enter a valid email'],
    [{ ...base, email: 'friend@x' }, 'Please enter a valid email'],
    [{ ...base, email: 'friendx.com' }, 'Please enter a valid email'],
    [{ ...base, email: 'ME@x.com' }, "You can't invite yourself lol"],
    [{ ...base, email: 'friend@x.com' }, null],
    // default free seats 2: one below the limit passes, at the limit fails
    [{ ...base, email: 'friend@x.com', memberCount: 2 }, 'You have reached the maximum number of seats.'],
    [{ ...base, email: 'friend@x.com', memberCount: 2, customPlanWorkspaceSeats: 1 }, null],
    [{ ...base, email: 'friend@x.com', memberCount: 3, customPlanWorkspaceSeats: 1 }, 'You have reached the maximum number of seats.'],
  ])('%j → %j', (input, expected) => {
    expect(validateInvite(input)).toBe(expected);
  });
});

describe('workspace rules', () => {
  it.each([
    ['', 'Please enter a workspace name.'],
    ['  ', 'Please enter a workspace name.'],
    ['Team', null],
  ])('name %j → %j', (name, expected) => {
    expect(validateWorkspaceName(name)).toBe(expected);
  });
  it.each([
    ['me@x.com', 'You cannot remove yourself from the workspace.'],
    [' Me@X.com', 'You cannot remove yourself from the workspace.'],
    ['other@x.com', null],
  ])('remove %j → %j', (email, expected) => {
    expect(validateRemoveMember(email, 'me@x.com')).toBe(expected);
  });
});

describe('client login', () => {
  it.each([
    [{ email: '', password: 'p' }, 'Please enter your email and password.'],
    [{ email: 'a@b.c', password: '' }, 'Please enter your email and password.'],
    [{ email: 'a@b.c', password: 'p' }, null],
  ])('%j → %j', (input, expected) => {
    expect(validateClientLogin(input)).toBe(expected);
  });
  it.each([
    ['', 'Please enter your email.'],
    ['a@b.c', null],
  ])('code request for %j → %j', (email, expected) => {
    expect(validateClientCodeRequest({ email })).toBe(expected);
  });
});
