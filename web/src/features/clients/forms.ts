// The Org Info and Add/Edit User forms as plain data: what each role may see and change, the validation
// messages users see (@parley/core), and the patch a save sends (only fields the editor may set, only when changed).
import {
  clientsApi, DEFAULT_CLIENT_ACCESS, newClientPassword, validateAddClient, validateDisabledAccessMessage, validateOrgName, type NotificationsSettings, type OrgSettings,
} from '@parley/core';

/** An org as the forms read it (stored orgs may lack any setting). */
interface OrgLike {
  name?: string | undefined;
  squarePhotoURL?: string | undefined;
  dashboardLayout?: 'vertical' | 'horizontal' | undefined;
  preferredLanguage?: string | undefined;
  defaultClientAccess?: readonly string[] | undefined;
  defaultClientTabOrder?: readonly string[] | undefined;
  predefinedTags?: readonly string[] | undefined;
  disallowAnyTags?: boolean | undefined;
  disableHandoff?: boolean | undefined;
  widgetIDs?: readonly string[] | undefined;
  settings?: Partial<OrgSettings> | undefined;
}
type ClientRecord = clientsApi.ClientRecord;

export interface OrgForm {
  name: string;
  squarePhotoURL: string;
  dashboardLayout: 'vertical' | 'horizontal';
  preferredLanguage: string;
  defaultClientAccess: string[];
  defaultClientTabOrder: string[];
  predefinedTags: string[];
  disallowAnyTags: boolean;
  disableHandoff: boolean;
  smartHandoff: boolean;
  disableHandoffMessages: boolean;
  enableCannedResponses: boolean;
  continousSessionUI: boolean;
  disableClientAccess: boolean;
  disableClientAccessMessage: string;
  widgetIDs: string[];
}

export function orgForm(org: OrgLike | null): OrgForm {
  const s: Partial<OrgSettings> = org?.settings ?? {};
  return {
    name: org?.name ?? 'New Organization',
    squarePhotoURL: org?.squarePhotoURL ?? '',
    dashboardLayout: org?.dashboardLayout ?? 'vertical',
    preferredLanguage: org?.preferredLanguage ?? 'en',
    defaultClientAccess: [...(org?.defaultClientAccess ?? DEFAULT_CLIENT_ACCESS)],
    defaultClientTabOrder: [...(org?.defaultClientTabOrder ?? [])],
    predefinedTags: [...(org?.predefinedTags ?? [])],
    disallowAnyTags: org?.disallowAnyTags ?? false,
    disableHandoff: org?.disableHandoff ?? false,
    smartHandoff: s.smartHandoff ?? false,
    disableHandoffMessages: s.disableHandoffMessages ?? false,
    enableCannedResponses: s.enableCannedResponses ?? false,
    continousSessionUI: s.continousSessionUI ?? false,
    disableClientAccess: s.disableClientAccess ?? false,
    disableClientAccessMessage: s.disableClientAccessMessage ?? '',
    widgetIDs: [...(org?.widgetIDs ?? [])],
  };
}

/** The first problem with the form (the sentence the drawer shows), or null. */
export function orgFormError(form: OrgForm): string | null {
  return validateOrgName(form.name) ?? validateDisabledAccessMessage(form.disableClientAccessMessage);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a save sends: the root admin (the agency owner) every field, an org admin only name and photo. Unchanged
 * fields are left out (the audit log then lists only real changes).
 */
export function orgPatch(form: OrgForm, before: OrgForm, rootAdmin: boolean): clientsApi.OrgPatch {
  const patch: clientsApi.OrgPatch = {};
  if (form.name.trim() !== before.name) patch.name = form.name.trim();
  if (form.squarePhotoURL !== before.squarePhotoURL) patch.squarePhotoURL = form.squarePhotoURL.trim();
  if (!rootAdmin) return patch;
  const keys = ['dashboardLayout', 'preferredLanguage', 'defaultClientAccess', 'defaultClientTabOrder', 'predefinedTags', 'disallowAnyTags', 'disableHandoff', 'widgetIDs'] as const;
  for (const key of keys) if (!same(form[key], before[key])) (patch as Record<string, unknown>)[key] = form[key];
  const settingKeys = ['smartHandoff', 'disableHandoffMessages', 'enableCannedResponses', 'continousSessionUI', 'disableClientAccess', 'disableClientAccessMessage'] as const;
  const settings: Record<string, unknown> = {};
  for (const key of settingKeys) if (!same(form[key], before[key])) settings[key] = form[key];
  if (Object.keys(settings).length > 0) patch.settings = settings;
  return patch;
}

// ---------------------------------------------------------------- users

export interface UserForm {
  name: string;
  email: string;
  dashboardPassword: string;
  canAccess: string[];
  clientTabOrder: string[];
  isOrgAdmin: boolean;
  allowCreateAgents: boolean;
  hideAdvancedSettings: boolean;
  widgetIDs: string[];
  notifyThrough: NotificationsSettings['notifyThrough'];
  notifyIf: NotificationsSettings['notifyIf'];
}

/** A new user starts with a generated 15-character password and the org's default access and agents. */
export function newUserForm(org: OrgLike | null): UserForm {
  return {
    name: '',
    email: '',
    dashboardPassword: newClientPassword(),
    canAccess: [...(org?.defaultClientAccess ?? DEFAULT_CLIENT_ACCESS)],
    clientTabOrder: [...(org?.defaultClientTabOrder ?? [])],
    isOrgAdmin: false,
    allowCreateAgents: false,
    hideAdvancedSettings: false,
    widgetIDs: [...(org?.widgetIDs ?? [])],
    notifyThrough: 'email',
    notifyIf: 'all',
  };
}

export function userForm(client: ClientRecord): UserForm {
  return {
    name: client.name ?? '',
    email: client.email,
    dashboardPassword: '',
    canAccess: [...(client.canAccess ?? [])],
    clientTabOrder: [...(client.clientTabOrder ?? [])],
    isOrgAdmin: client.isOrgAdmin ?? false,
    allowCreateAgents: client.allowCreateAgents ?? false,
    hideAdvancedSettings: client.hideAdvancedSettings ?? false,
    widgetIDs: [...(client.widgetIDs ?? [])],
    notifyThrough: client.notificationsSettings?.notifyThrough ?? 'email',
    notifyIf: client.notificationsSettings?.notifyIf ?? 'all',
  };
}

/**
 * Who sees what in the user drawer: the org-admin flag and the staff-only switches are the root admin's; someone
 * who is not the root admin sees the advanced block (pages, tab order, agents) only when the user's
 * hideAdvancedSettings is off.
 */
export function userFormVisibility(opts: { rootAdmin: boolean; hideAdvancedSettings: boolean }) {
  return { rootAdminSwitches: opts.rootAdmin, advanced: opts.rootAdmin || !opts.hideAdvancedSettings };
}

/** "Please fill out all fields." (name, email and, for a new user, the password). */
export function userFormError(form: UserForm, mode: 'add' | 'edit', orgId: string): string | null {
  // An edit keeps the stored password: any non-empty stand-in satisfies the rule.
  const password = mode === 'add' ? form.dashboardPassword : 'kept';
  return validateAddClient({ name: form.name, email: form.email, dashboardPassword: password }, { orgId });
}

/** The fields a save sends, by role (see userFormVisibility); the tab order keeps only allowed pages. */
export function userPatch(form: UserForm, opts: { rootAdmin: boolean; hideAdvancedSettings: boolean }): clientsApi.ClientPatch {
  const visible = userFormVisibility(opts);
  const patch: clientsApi.ClientPatch = {
    name: form.name.trim(),
    email: form.email.trim().toLowerCase(),
    notificationsSettings: { notifyThrough: form.notifyThrough, notifyIf: form.notifyIf },
  };
  if (visible.advanced) {
    patch.canAccess = form.canAccess;
    patch.clientTabOrder = form.clientTabOrder.filter((p) => form.canAccess.includes(p));
    patch.widgetIDs = form.widgetIDs;
  }
  if (visible.rootAdminSwitches) {
    patch.isOrgAdmin = form.isOrgAdmin;
    patch.allowCreateAgents = form.allowCreateAgents;
    patch.hideAdvancedSettings = form.hideAdvancedSettings;
  }
  return patch;
}
