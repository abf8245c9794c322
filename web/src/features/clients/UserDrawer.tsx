// Add/Edit User: name, e-mail and (new users) a generated 15-character dashboard password shown once with a copy
// button; pages (canAccess) as a checklist with their tab order, agents, notification settings; the org-admin and
// staff-only switches for the root admin; Reset password on an existing user, which e-mails the user a sign-in link
// and code (no password is shown or chosen here). Only the agency owner changes an existing user's e-mail.
import { Alert, Button, CopyButton, Divider, Drawer, Group, MultiSelect, PasswordInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_MS, type Region } from '@parley/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { errorMessage } from '../../lib/api';
import { useStartOver } from '../../lib/use-start-over';
import { CLIENT_MESSAGES, clientsKeys, createClient, resetClientPassword, updateClient, useDrawerOrg, type ClientRecord, type OrgRecord } from './clients-data';
import { newUserForm, userForm, userFormError, userFormVisibility, userPatch, type UserForm } from './forms';
import { PageAccessFields } from './PageAccessFields';
import { FormError } from '../../ui/FormError';
import { selectOptions } from '../../ui/select-options';

/** How and about what the user is notified. */
const NOTIFY_FIELDS = [
  { key: 'notifyThrough', label: 'Notify through', data: selectOptions({ email: 'Email', push: 'Push', all: 'Email and push', none: 'None' }) },
  { key: 'notifyIf', label: 'Notify if', data: selectOptions({ all: 'All notifications', requestsOnly: 'Requests only', none: 'None' }) },
] as const;

function PasswordOnce({ password }: { password: string }) {
  return (
    <Alert color="yellow" title="Dashboard password" role="status">
      <Stack gap="xs">
        <Text size="sm">Copy it now: it is shown only once.</Text>
        <Group gap="xs">
          <Text ff="monospace" aria-label="New password">
            {password}
          </Text>
          <CopyButton value={password}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy password'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

export interface UserDrawerProps {
  opened: boolean;
  onClose(): void;
  region: Region;
  orgId: string;
  org?: OrgRecord | null;
  /** null: a new user (Add User). */
  client?: ClientRecord | null;
  rootAdmin: boolean;
  agents?: { ID: string; title?: string | undefined }[];
}

export function UserDrawer({ opened, onClose, region, orgId, org: given, client = null, rootAdmin, agents }: UserDrawerProps) {
  const queryClient = useQueryClient();
  const { org } = useDrawerOrg(orgId, given, opened);
  const mode = client ? 'edit' : 'add';
  const [form, setForm] = useState<UserForm>(() => (client ? userForm(client) : newUserForm(org)));
  const [error, setError] = useState<string | null>(null);
  const [shownPassword, setShownPassword] = useState<string | null>(null);
  const [resetSent, setResetSent] = useState<string | null>(null);
  // Starts over for another user or once the org's defaults arrive, never for a refreshed copy of the same ones:
  // that would wipe the password shown only once.
  useStartOver(opened, [client?.ID ?? null, org !== null], () => {
    setForm(client ? userForm(client) : newUserForm(org));
    setError(null);
    setShownPassword(null);
    setResetSent(null);
  });
  const set = <K extends keyof UserForm>(key: K, value: UserForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  // A text field's value and change handler, bound to its key of the form.
  const textOf = (key: 'name' | 'email' | 'dashboardPassword') => ({ value: form[key], onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value) });
  const visible = userFormVisibility({ rootAdmin, hideAdvancedSettings: client?.hideAdvancedSettings ?? false });
  const agentOptions = (agents ?? (org?.widgetIDs ?? []).map((ID) => ({ ID, title: ID }))).map((a) => ({ value: a.ID, label: a.title || a.ID }));

  const done = () => void queryClient.invalidateQueries({ queryKey: clientsKeys.all(region) });
  const save = useMutation({
    mutationFn: async () => {
      const patch = userPatch(form, { rootAdmin, hideAdvancedSettings: client?.hideAdvancedSettings ?? false });
      if (client) return { kind: 'edit' as const, answer: await updateClient({ region, clientId: client.ID, patch }) };
      return { kind: 'add' as const, answer: await createClient({ region, orgId, ...patch, dashboardPassword: form.dashboardPassword }) };
    },
    onSuccess: (result) => {
      notifications.show({ color: 'green', message: result.answer.message || CLIENT_MESSAGES.clientUpdated, autoClose: TOAST_MS.medium });
      done();
      if (result.kind === 'add') setShownPassword(result.answer.dashboardPassword);
      else onClose();
    },
    onError: (e: Error) => {
      setError(errorMessage(e, CLIENT_MESSAGES.clientUpdateFailed));
      notifications.show({ color: 'red', message: CLIENT_MESSAGES.clientUpdateFailed, autoClose: TOAST_MS.medium });
    },
  });
  const reset = useMutation({
    mutationFn: () => resetClientPassword({ region, clientId: client!.ID }),
    onSuccess: (answer) => {
      setError(null);
      setResetSent(answer.message);
      done();
    },
    onError: (e: Error) => setError(errorMessage(e, CLIENT_MESSAGES.clientUpdateFailed)),
  });

  function submit() {
    const problem = userFormError(form, mode, orgId);
    if (problem) return setError(problem);
    setError(null);
    save.mutate();
  }

  return (
    <Drawer opened={opened} onClose={onClose} title={client ? 'Edit User' : 'Add User'} position="right" size="lg">
      <Stack>
        {shownPassword ? <PasswordOnce password={shownPassword} /> : null}
        <TextInput label="Name" required {...textOf('name')} />
        <TextInput
          label="Email"
          type="email"
          required
          {...textOf('email')}
          disabled={mode === 'edit' && !rootAdmin}
          description={mode === 'edit' && !rootAdmin ? CLIENT_MESSAGES.emailChangeOwnerOnly : undefined}
        />
        {mode === 'add' && !shownPassword ? (
          <PasswordInput
            label="Dashboard password"
            description="Generated for you; shown once after saving"
            required
            {...textOf('dashboardPassword')}
          />
        ) : null}
        {visible.advanced ? (
          <>
            <PageAccessFields of="user" access={form.canAccess} onAccess={(v) => set('canAccess', v)}
              order={form.clientTabOrder.filter((p) => form.canAccess.includes(p))} onOrder={(v) => set('clientTabOrder', v)} />
            <MultiSelect label="Agents" data={agentOptions} value={form.widgetIDs} onChange={(v) => set('widgetIDs', v)} searchable />
          </>
        ) : null}
        <Group grow>
          {NOTIFY_FIELDS.map((field) => (
            <Select key={field.key} label={field.label} allowDeselect={false} data={field.data} value={form[field.key]}
              onChange={(v) => set(field.key, (v ?? form[field.key]) as never)} />
          ))}
        </Group>
        {visible.rootAdminSwitches ? (
          <>
            <Divider label="Root admin" />
            <Switch label="Org admin" checked={form.isOrgAdmin} onChange={(e) => set('isOrgAdmin', e.currentTarget.checked)} />
            <Switch label="Allow creating agents" checked={form.allowCreateAgents} onChange={(e) => set('allowCreateAgents', e.currentTarget.checked)} />
            <Switch label="Hide advanced settings" checked={form.hideAdvancedSettings} onChange={(e) => set('hideAdvancedSettings', e.currentTarget.checked)} />
          </>
        ) : null}
        <FormError message={error} />
        {shownPassword && mode === 'add' ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <Button onClick={submit} loading={save.isPending}>
            {client ? 'Save' : 'Add User'}
          </Button>
        )}
        {client ? (
          <Stack gap={4}>
            <Button variant="light" color="orange" onClick={() => reset.mutate()} loading={reset.isPending}>
              Reset password
            </Button>
            <Text size="xs" c="dimmed">
              Removes the current password and e-mails a sign-in link and code to {client.email}.
            </Text>
            {resetSent ? (
              <Alert color="green" role="status" title="Sign-in link sent">
                {resetSent}
              </Alert>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Drawer>
  );
}
