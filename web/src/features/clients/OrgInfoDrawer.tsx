// Org Info: create or edit an organisation. The root admin (the agency owner) sets everything — layout, language,
// default client access and tab order, tags, handoff, the settings toggles, the disabled-access message and the
// assigned agents — and sees the org's audit log; an org admin only renames it and changes its photo.
import {
  Button, Divider, Drawer, Group, Loader, MultiSelect, SegmentedControl, Select, Stack, Switch, TagsInput, Text, Textarea, TextInput, Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DISABLED_ACCESS_MESSAGE_MAX, TOAST_MS, type Region } from '@parley/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useStartOver } from '../../lib/use-start-over';
import { AuditLog } from './AuditLog';
import { CLIENT_MESSAGES, clientsKeys, createOrg, updateOrg, useDrawerOrg, type OrgRecord } from './clients-data';
import { orgForm, orgFormError, orgPatch, type OrgForm } from './forms';
import { OrgBillingSwitch } from './OrgBillingSwitch';
import { PageAccessFields } from './PageAccessFields';
import { FormError } from '../../ui/FormError';
import { selectOptions } from '../../ui/select-options';

const LANGUAGES = selectOptions({ en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español', it: 'Italiano', nl: 'Nederlands', pt: 'Português' });
const TOGGLES: { key: keyof OrgForm; label: string }[] = [
  { key: 'smartHandoff', label: 'Smart handoff' },
  { key: 'disableHandoffMessages', label: 'Disable handoff messages' },
  { key: 'enableCannedResponses', label: 'Enable canned responses' },
  { key: 'continousSessionUI', label: 'Continuous session UI' },
];

export interface OrgInfoDrawerProps {
  opened: boolean;
  onClose(): void;
  region: Region;
  /** null: a new organisation. */
  orgId: string | null;
  /** The org as listed (the agency's page); read by id otherwise. */
  org?: OrgRecord | null;
  rootAdmin: boolean;
  /** Agents the root admin may assign (the agency workspace's agents). */
  agents?: { ID: string; title?: string | undefined }[];
}

export function OrgInfoDrawer({ opened, onClose, region, orgId, org: given, rootAdmin, agents = [] }: OrgInfoDrawerProps) {
  const queryClient = useQueryClient();
  const { org, loading } = useDrawerOrg(orgId, given, opened);
  const before = useMemo(() => orgForm(org), [org]);
  const [form, setForm] = useState<OrgForm>(before);
  const [error, setError] = useState<string | null>(null);
  // Starts over for another org or once the org arrives, never for a refreshed copy of the same org (its credits,
  // its billing switch): that would drop the user's edits.
  useStartOver(opened, [orgId ?? null, org !== null], () => {
    setForm(before);
    setError(null);
  });
  const set = <K extends keyof OrgForm>(key: K, value: OrgForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const save = useMutation({
    mutationFn: async () => {
      if (!orgId) {
        const { name, squarePhotoURL, disableClientAccessMessage: _m, smartHandoff: _a, disableHandoffMessages: _b, enableCannedResponses: _c, continousSessionUI: _d, disableClientAccess: _e, ...rest } = form;
        return createOrg({
          region,
          name: name.trim(),
          ...(squarePhotoURL ? { squarePhotoURL } : {}),
          ...rest,
          settings: { smartHandoff: _a, disableHandoffMessages: _b, enableCannedResponses: _c, continousSessionUI: _d, disableClientAccess: _e, disableClientAccessMessage: _m },
        });
      }
      return updateOrg({ region, orgId, patch: orgPatch(form, before, rootAdmin) });
    },
    onSuccess: (answer) => {
      notifications.show({ color: 'green', message: answer.message || CLIENT_MESSAGES.orgUpdated, autoClose: TOAST_MS.medium });
      void queryClient.invalidateQueries({ queryKey: clientsKeys.all(region) });
      onClose();
    },
    onError: (e: Error) => {
      const message = CLIENT_MESSAGES.orgUpdateFailed(errorMessage(e));
      setError(message);
      notifications.show({ color: 'red', message, autoClose: TOAST_MS.long });
    },
  });

  function submit() {
    const problem = orgFormError(form);
    if (problem) return setError(problem);
    save.mutate();
  }

  const agentOptions = agents.map((a) => ({ value: a.ID, label: a.title || a.ID }));
  return (
    <Drawer opened={opened} onClose={onClose} title={orgId ? 'Org Info' : 'New Organization'} position="right" size="lg">
      {loading ? (
        <Loader size="sm" />
      ) : (
        <Stack>
          <TextInput label="Organization name" required value={form.name} onChange={(e) => set('name', e.currentTarget.value)} />
          <TextInput label="Photo URL" value={form.squarePhotoURL} onChange={(e) => set('squarePhotoURL', e.currentTarget.value)} />
          {rootAdmin ? (
            <>
              <Group grow align="flex-end">
                <div>
                  <Text size="sm" fw={500}>
                    Dashboard layout
                  </Text>
                  <SegmentedControl
                    aria-label="Dashboard layout"
                    value={form.dashboardLayout}
                    onChange={(v) => set('dashboardLayout', v as OrgForm['dashboardLayout'])}
                    data={selectOptions({ vertical: 'Vertical', horizontal: 'Horizontal' })}
                  />
                </div>
                <Select label="Preferred language" data={LANGUAGES} value={form.preferredLanguage} onChange={(v) => set('preferredLanguage', v ?? 'en')} allowDeselect={false} />
              </Group>
              <PageAccessFields of="org" access={form.defaultClientAccess} onAccess={(v) => set('defaultClientAccess', v)}
                order={form.defaultClientTabOrder} onOrder={(v) => set('defaultClientTabOrder', v)} />
              <TagsInput label="Predefined tags" value={form.predefinedTags} onChange={(v) => set('predefinedTags', v)} />
              <Switch label="Disallow any other tags" checked={form.disallowAnyTags} onChange={(e) => set('disallowAnyTags', e.currentTarget.checked)} />
              <Switch label="Disable handoff" checked={form.disableHandoff} onChange={(e) => set('disableHandoff', e.currentTarget.checked)} />
              {TOGGLES.map((t) => (
                <Switch key={t.key} label={t.label} checked={form[t.key] as boolean} onChange={(e) => set(t.key, e.currentTarget.checked as never)} />
              ))}
              <Switch label="Disable client access" checked={form.disableClientAccess} onChange={(e) => set('disableClientAccess', e.currentTarget.checked)} />
              <Textarea
                label="Disabled access message"
                description={`Shown to the org's clients while access is disabled (at most ${DISABLED_ACCESS_MESSAGE_MAX} characters)`}
                value={form.disableClientAccessMessage}
                onChange={(e) => set('disableClientAccessMessage', e.currentTarget.value)}
                minRows={3}
              />
              <MultiSelect label="Assigned agents" data={agentOptions} value={form.widgetIDs} onChange={(v) => set('widgetIDs', v)} searchable />
              {orgId && <OrgBillingSwitch region={region} orgId={orgId} allowBilling={org?.allowBilling === true} />}
            </>
          ) : null}
          <FormError message={error} />
          <Button onClick={submit} loading={save.isPending}>
            {orgId ? 'Save' : 'Create organization'}
          </Button>
          {orgId && rootAdmin ? (
            <>
              <Divider />
              <Title order={3} size="h5">
                Audit log
              </Title>
              <AuditLog region={region} orgId={orgId} enabled={opened} />
            </>
          ) : null}
        </Stack>
      )}
    </Drawer>
  );
}
