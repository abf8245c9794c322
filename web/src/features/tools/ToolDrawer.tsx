// Create or edit a tool: every field of the contract, each problem shown at its field (the contract's before
// sending, the server's after). The secret is write-only: the drawer says whether one is saved, never what it is.
import { ActionIcon, Button, Checkbox, Drawer, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { TOOL_DESCRIPTION_MAX, TOOL_FIELD_LOCATIONS, TOOL_FIELD_TYPES, TOOL_METHODS, TOOL_SECRET_HEADER, type ToolMethod } from '@parley/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { DialogActions } from '../../ui/DialogActions';
import { draftOf, emptyField, inputOf, serverErrorField, validateDraft, type FieldDraft, type FormErrors, type ToolDraft } from './tool-form';
import type { SaveToolInput, ToolView } from './tools-api';

export interface ToolDrawerProps {
  opened: boolean;
  /** The tool edited; undefined for a new one. */
  tool?: ToolView;
  onClose(): void;
  onSave(input: SaveToolInput): Promise<unknown>;
}

const LOCATION_LABEL: Record<FieldDraft['in'], string> = { query: 'Query', body: 'Body', header: 'Header' };

export function ToolDrawer({ opened, tool, onClose, onSave }: ToolDrawerProps) {
  const [draft, setDraft] = useState<ToolDraft>(() => draftOf(tool));
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!opened) return;
    setDraft(draftOf(tool));
    setErrors({});
    setFailure(null);
  }, [opened, tool]);

  const set = (patch: Partial<ToolDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setField = (i: number, patch: Partial<FieldDraft>) => setDraft((d) => ({ ...d, fields: d.fields.map((f, j) => (j === i ? { ...f, ...patch } : f)) }));

  async function save() {
    const problems = validateDraft(draft);
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      await onSave({
        ...(tool ? { toolId: tool.id } : {}),
        tool: inputOf(draft),
        ...(draft.secret.trim() ? { serverUrlSecret: draft.secret.trim() } : {}),
        clearSecret: draft.clearSecret && !draft.secret.trim(),
      });
      onClose();
    } catch (error) {
      const message = errorMessage(error);
      const field = serverErrorField(message);
      if (field) setErrors({ [field]: message });
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xl" title={tool ? `Edit ${tool.name}` : 'New function'}>
      <Stack gap="sm">
        <TextInput label="Name" description="What the agent calls it: letters, digits, _ or -" required value={draft.name} onChange={(e) => set({ name: e.currentTarget.value })} error={errors.name} />
        <Textarea
          label="Description"
          description={`When the agent should use it (${draft.description.length}/${TOOL_DESCRIPTION_MAX})`}
          rows={3}
          value={draft.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
          error={errors.description}
        />
        <TextInput label="Image URL" value={draft.imageUrl} onChange={(e) => set({ imageUrl: e.currentTarget.value })} error={errors.imageUrl} />
        <Group align="flex-start" grow>
          <Select label="Method" data={[...TOOL_METHODS]} value={draft.method} allowDeselect={false} onChange={(v) => v && set({ method: v as ToolMethod })} maw={140} />
          <TextInput label="Server URL" placeholder="https://api.example.com/orders" required value={draft.serverUrl} onChange={(e) => set({ serverUrl: e.currentTarget.value })} error={errors.serverUrl} />
        </Group>
        <TextInput
          label="Server URL secret"
          type="password"
          autoComplete="new-password"
          description={`Sent as the ${TOOL_SECRET_HEADER} header. ${tool?.hasSecret ? 'A secret is saved: leave empty to keep it.' : 'Never shown again after saving.'}`}
          value={draft.secret}
          onChange={(e) => set({ secret: e.currentTarget.value })}
          error={errors.secret}
        />
        {tool?.hasSecret && <Checkbox label="Remove the saved secret" checked={draft.clearSecret} onChange={(e) => set({ clearSecret: e.currentTarget.checked })} />}
        <Title order={3} size="h5" mt="sm">
          Fields
        </Title>
        {errors.fields && <Text c="red" size="sm" role="alert">{errors.fields}</Text>}
        {draft.fields.length === 0 && <Text c="dimmed" size="sm">No fields: the agent calls the URL as it is.</Text>}
        {draft.fields.map((field, i) => {
          const n = i + 1;
          const at = (key: string) => errors[`fields.${i}.${key}`];
          return (
            <Stack key={i} gap={6} p="xs" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }} aria-label={`Field ${n}`} role="group">
              <Group align="flex-start" grow>
                <Select label={`Field ${n} location`} data={TOOL_FIELD_LOCATIONS.map((l) => ({ value: l, label: LOCATION_LABEL[l] }))} value={field.in} allowDeselect={false} onChange={(v) => v && setField(i, { in: v as FieldDraft['in'] })} error={at('in')} />
                <TextInput label={`Field ${n} key`} value={field.key} onChange={(e) => setField(i, { key: e.currentTarget.value })} error={at('key')} />
                <Select label={`Field ${n} type`} data={[...TOOL_FIELD_TYPES]} value={field.type} allowDeselect={false} onChange={(v) => v && setField(i, { type: v as FieldDraft['type'] })} />
              </Group>
              <Group align="flex-start" grow>
                <TextInput label={`Field ${n} description`} value={field.description} onChange={(e) => setField(i, { description: e.currentTarget.value })} error={at('description')} />
                <TextInput label={`Field ${n} default value`} value={field.defaultValue} onChange={(e) => setField(i, { defaultValue: e.currentTarget.value })} error={at('defaultValue')} />
              </Group>
              <Group justify="space-between">
                <Checkbox label={`Field ${n} required`} checked={field.required} onChange={(e) => setField(i, { required: e.currentTarget.checked })} />
                <ActionIcon variant="subtle" color="red" aria-label={`Remove field ${n}`} onClick={() => set({ fields: draft.fields.filter((_, j) => j !== i) })}>
                  ✕
                </ActionIcon>
              </Group>
            </Stack>
          );
        })}
        <Button variant="default" onClick={() => set({ fields: [...draft.fields, emptyField()] })}>
          Add field
        </Button>
        <DialogActions failure={failure} busy={busy} cancelLabel="Cancel" onCancel={onClose} confirmLabel="Save" onConfirm={() => void save()} />
      </Stack>
    </Drawer>
  );
}
