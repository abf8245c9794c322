import { describe, expect, it } from 'vitest';
import { newUserForm, orgForm, orgFormError, orgPatch, userForm, userFormError, userFormVisibility, userPatch } from './forms';

describe('Org Info form', () => {
  const org = { ID: 'o1', name: 'Probe Org', loadTokens: 10, widgetIDs: ['a1'], settings: { disableClientAccess: false } };

  it('starts a new org as New Organization, vertical, with the default client pages', () => {
    const form = orgForm(null);
    expect(form.name).toBe('New Organization');
    expect(form.defaultClientAccess).toEqual(['/home', '/convos', '/analytics', '/leads', '/campaigns']);
    expect(form.dashboardLayout).toBe('vertical');
  });

  it('requires a name and keeps the access message within 1024 characters', () => {
    expect(orgFormError({ ...orgForm(org), name: '  ' })).toBe('Organization name is required.');
    expect(orgFormError({ ...orgForm(org), disableClientAccessMessage: 'x'.repeat(1025) })).toBe('Message must be at most 1024 characters');
    expect(orgFormError(orgForm(org))).toBeNull();
  });

  it('sends only what changed, and an org admin only name and photo', () => {
    const before = orgForm(org);
    const after = { ...before, name: 'Probe Org 2', disableClientAccess: true, disableClientAccessMessage: 'Paused', widgetIDs: ['a1', 'a2'] };
    expect(orgPatch(after, before, true)).toEqual({
      name: 'Probe Org 2',
      widgetIDs: ['a1', 'a2'],
      settings: { disableClientAccess: true, disableClientAccessMessage: 'Paused' },
    });
    expect(orgPatch(after, before, false)).toEqual({ name: 'Probe Org 2' });
    expect(orgPatch(before, before, true)).toEqual({});
  });
});

describe('Add/Edit User form', () => {
  it('generates a 15-character password and takes the org’s default access', () => {
    const form = newUserForm({ defaultClientAccess: ['/convos'], widgetIDs: ['a1'] });
    expect(form.dashboardPassword).toMatch(/^[A-Za-z0-9]{15}$/);
    expect(newUserForm(null).dashboardPassword).not.toBe(form.dashboardPassword);
    expect(form.canAccess).toEqual(['/convos']);
    expect(form.widgetIDs).toEqual(['a1']);
  });

  it('asks for all fields', () => {
    const form = { ...newUserForm(null), name: 'Ada', email: '' };
    expect(userFormError(form, 'add', 'o1')).toBe('Please fill out all fields.');
    expect(userFormError({ ...form, email: 'ada@example.com', dashboardPassword: '' }, 'add', 'o1')).toBe('Please fill out all fields.');
    expect(userFormError({ ...form, email: 'ada@example.com', dashboardPassword: '' }, 'edit', 'o1')).toBeNull();
  });

  it('shows the org-admin switches to the root admin only, and the advanced block unless hidden for a non-root editor', () => {
    expect(userFormVisibility({ rootAdmin: true, hideAdvancedSettings: true })).toEqual({ rootAdminSwitches: true, advanced: true });
    expect(userFormVisibility({ rootAdmin: false, hideAdvancedSettings: false })).toEqual({ rootAdminSwitches: false, advanced: true });
    expect(userFormVisibility({ rootAdmin: false, hideAdvancedSettings: true })).toEqual({ rootAdminSwitches: false, advanced: false });
  });

  it('saves by role: an org admin never sends the root-admin switches', () => {
    const form = { ...userForm({ ID: 'c1', orgId: 'o1', email: 'ADA@example.com', name: 'Ada', canAccess: ['/convos'], clientTabOrder: ['/leads', '/convos'] }), isOrgAdmin: true };
    const root = userPatch(form, { rootAdmin: true, hideAdvancedSettings: false });
    expect(root).toMatchObject({ email: 'ada@example.com', isOrgAdmin: true, canAccess: ['/convos'], clientTabOrder: ['/convos'] });
    const orgAdmin = userPatch(form, { rootAdmin: false, hideAdvancedSettings: true });
    expect(orgAdmin).not.toHaveProperty('isOrgAdmin');
    expect(orgAdmin).not.toHaveProperty('canAccess');
    expect(orgAdmin.notificationsSettings).toEqual({ notifyThrough: 'email', notifyIf: 'all' });
  });
});
