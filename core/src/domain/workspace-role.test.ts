import { describe, expect, it } from 'vitest';
import { isWorkspaceMemberOf, workspaceRole, type WorkspaceCaller, type WorkspaceMembershipData } from './workspace-role';

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
    ['member by e-mail', 'team1', team, { uid: 'someone', email: 'ann@agency.com' }, 'member'],
    ['member by e-mail, other case', 'team1', team, { uid: 'someone', email: 'Ann@Agency.COM' }, 'member'],
    ['member listed with upper-case e-mail', 'team1', { workspaceEmails: ['Bob@X.com'] }, { uid: 'b', email: 'bob@x.com' }, 'member'],
    ['usersPerms alone is not membership (the rules cannot read it)', 'team1', team, { uid: 'perm-user', email: null }, null],
    ['stranger', 'team1', team, { uid: 'stranger', email: 'stranger@x.com' }, null],
    ['no e-mail and not in usersPerms', 'team1', team, { uid: 'stranger' }, null],
    ['empty ownerId never matches', 'team1', { ownerId: '' }, { uid: '' }, null],
    ['no record and another uid', 'team1', null, { uid: 'creator', email: 'creator@agency.com' }, null],
    ['an agency client (role claim) is never the owner', 'u1', null, { uid: 'u1', role: 'client' }, null],
    ['an agency client is never a member by e-mail', 'team1', team, { uid: 'c', email: 'ann@agency.com', role: 'client' }, null],
    ['malformed lists are ignored', 'team1', { workspaceEmails: 'ann@agency.com', usersPerms: [null, 'perm-user'] }, { uid: 'perm-user', email: 'ann@agency.com' }, null],
  ])('%s', (_name, id, data, caller, expected) => {
    expect(workspaceRole({ id, data }, caller)).toBe(expected);
    expect(isWorkspaceMemberOf({ id, data }, caller)).toBe(expected !== null);
  });
});
