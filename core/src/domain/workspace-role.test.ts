import { describe, expect, it } from 'vitest';
import {
  isWorkspaceMemberOf, WORKSPACE_EMAIL_PATTERN, WORKSPACE_ROLE_MESSAGES, workspaceRole, workspaceUpdateDenial,
  type WorkspaceCaller, type WorkspaceMembershipData,
} from './workspace-role';

const team: WorkspaceMembershipData = {
  ownerId: 'creator',
  workspaceEmails: ['creator@agency.com', 'ann@agency.com'],
  usersPerms: [{ userId: 'perm-user', permissions: [] }],
};

describe('workspaceRole (same rule as firestore.rules)', () => {
  it.each<[string, string, WorkspaceMembershipData | null, WorkspaceCaller, ReturnType<typeof workspaceRole>]>([
    ['personal workspace: uid is the workspace id', 'u1', null, { uid: 'u1' }, 'owner'],
    ['personal workspace without a record yet', 'u1', undefined as never, { uid: 'u1', email: 'x@y.z' }, 'owner'],
    ["team workspace: its creator's uid (ownerId)", 'team1', team, { uid: 'creator' }, 'owner'],
    ['member by verified e-mail', 'team1', team, { uid: 'someone', email: 'ann@agency.com', emailVerified: true }, 'member'],
    ['member by verified e-mail, other case', 'team1', team, { uid: 'someone', email: 'Ann@Agency.COM', emailVerified: true }, 'member'],
    // The attack: someone signs up first with an invited address they do not own.
    ['an invited address nobody verified is no member', 'team1', team, { uid: 'squatter', email: 'ann@agency.com', emailVerified: false }, null],
    ['an invited address without the verified claim is no member', 'team1', team, { uid: 'squatter', email: 'ann@agency.com' }, null],
    ['an upper-case entry matches nothing (the rules compare exactly; entries are stored lower-case)', 'team1', { workspaceEmails: ['Bob@X.com'] }, { uid: 'b', email: 'bob@x.com', emailVerified: true }, null],
    ['usersPerms alone is not membership (the rules cannot read it)', 'team1', team, { uid: 'perm-user', email: null, emailVerified: true }, null],
    ['stranger', 'team1', team, { uid: 'stranger', email: 'stranger@x.com', emailVerified: true }, null],
    ['no e-mail and not in usersPerms', 'team1', team, { uid: 'stranger' }, null],
    ['empty ownerId never matches', 'team1', { ownerId: '' }, { uid: '' }, null],
    ['no record and another uid', 'team1', null, { uid: 'creator', email: 'creator@agency.com', emailVerified: true }, null],
    ['an agency client (role claim) is never the owner', 'u1', null, { uid: 'u1', role: 'client' }, null],
    ['an agency client is never a member by e-mail', 'team1', team, { uid: 'c', email: 'ann@agency.com', emailVerified: true, role: 'client' }, null],
    ['malformed lists are ignored', 'team1', { workspaceEmails: 'ann@agency.com', usersPerms: [null, 'perm-user'] }, { uid: 'perm-user', email: 'ann@agency.com', emailVerified: true }, null],
  ])('%s', (_name, id, data, caller, expected) => {
    expect(workspaceRole({ id, data }, caller)).toBe(expected);
    expect(isWorkspaceMemberOf({ id, data }, caller)).toBe(expected !== null);
  });
});

describe('workspaceUpdateDenial (same allowlists as firestore.rules)', () => {
  const current = { displayName: 'Owner', location: 'Oslo', workspaceName: 'Team', workspaceEmails: ['owner@a.com', 'ann@a.com'] };

  it('lets members rename and invite, and re-send unchanged owner fields', () => {
    expect(workspaceUpdateDenial('member', current, { workspaceName: 'Renamed', workspaceEmails: ['owner@a.com', 'ann@a.com', 'new@a.com'] })).toBeNull();
    expect(workspaceUpdateDenial('member', current, { displayName: 'Owner', location: 'Oslo' })).toBeNull();
  });

  it("refuses a member's change to the owner's profile", () => {
    expect(workspaceUpdateDenial('member', current, { displayName: 'Hacked' })).toBe(WORKSPACE_ROLE_MESSAGES.ownerOnly);
    expect(workspaceUpdateDenial('member', current, { photoURL: 'https://evil.test/p.png' })).toBe(WORKSPACE_ROLE_MESSAGES.ownerOnly);
    expect(workspaceUpdateDenial('member', current, { location: 'Nowhere' })).toBe(WORKSPACE_ROLE_MESSAGES.ownerOnly);
  });

  it('refuses a member dropping or swapping out anyone; the owner may', () => {
    const swapped = { workspaceEmails: ['ann@a.com', 'attacker@x.com'] };
    expect(workspaceUpdateDenial('member', current, swapped)).toBe(WORKSPACE_ROLE_MESSAGES.ownerRemovesMembers);
    expect(workspaceUpdateDenial('member', current, { workspaceEmails: [] })).toBe(WORKSPACE_ROLE_MESSAGES.ownerRemovesMembers);
    expect(workspaceUpdateDenial('owner', current, swapped)).toBeNull();
    // A legacy upper-case entry saved lower-case is the same member.
    expect(workspaceUpdateDenial('member', { workspaceEmails: ['Owner@A.com', 'ann@a.com'] }, { workspaceEmails: ['owner@a.com', 'ann@a.com', 'new@a.com'] })).toBeNull();
  });

  it('keeps fields outside both allowlists to functions', () => {
    expect(workspaceUpdateDenial('owner', current, { loadTokens: 1e9 })).toBe(WORKSPACE_ROLE_MESSAGES.ownerOnly);
  });
});

describe('WORKSPACE_EMAIL_PATTERN', () => {
  it('takes lower-case addresses with a dotted domain only', () => {
    for (const ok of ['ann@agency.com', "o'brien+team@mail.example.co.uk"]) expect(WORKSPACE_EMAIL_PATTERN.test(ok)).toBe(true);
    for (const bad of ['Ann@agency.com', 'ann@localhost', 'ann agency.com', 'a@b.co c@d.co', '', 'ann@@agency.com']) {
      expect(WORKSPACE_EMAIL_PATTERN.test(bad)).toBe(false);
    }
  });
});
