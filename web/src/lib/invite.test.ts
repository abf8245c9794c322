import { describe, expect, it } from 'vitest';
import { inviteEmail, seatLimit, validateInvite, validateRemoveMember, validateWorkspaceName } from './invite';

const base = { selfEmail: 'owner@example.com', memberCount: 1, customPlanSeats: 0 };

describe('workspace invite rules', () => {
  it('needs an e-mail with @ and a dot', () => {
    expect(validateInvite({ ...base, email: 'nobody' })).toBe('Please enter a valid email');
        expect(validateInvite({ ...base, email: 'a@b.co' })).toBeNull();
  });

  it('refuses inviting yourself', () => {
    expect(validateInvite({ ...base, email: ' Owner@Example.com ' })).toBe("You can't invite yourself lol");
  });

  it('stops at the seat limit = custom seats + 2 free seats', () => {
    expect(seatLimit(undefined)).toBe(2);
    expect(seatLimit(3)).toBe(5);
    expect(validateInvite({ ...base, email: 'x@y.io', memberCount: 2, customPlanSeats: 0 })).toBe('You have reached the maximum number of seats.');
    expect(validateInvite({ ...base, email: 'x@y.io', memberCount: 2, customPlanSeats: 1 })).toBeNull();
  });

  it('requires a workspace name and forbids removing yourself', () => {
    expect(validateWorkspaceName('  ')).toBe('Please enter a workspace name.');
    expect(validateWorkspaceName('Team')).toBeNull();
    expect(validateRemoveMember('owner@example.com', 'owner@example.com')).toBe('You cannot remove yourself from the workspace.');
    expect(validateRemoveMember('other@example.com', 'owner@example.com')).toBeNull();
  });

  it('escapes names in the invite e-mail', () => {
    const mail = inviteEmail({ workspaceName: '<b>Evil</b>', inviterEmail: 'o@e.com', appUrl: 'https://app.example/login' });
    expect(mail.html).toContain('&lt;b&gt;Evil&lt;/b&gt;');
    expect(mail.subject).toContain('<b>Evil</b>');
  });
});
