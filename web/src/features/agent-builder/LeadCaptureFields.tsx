// Settings → Core: "Collect leads": which contact fields the agent asks visitors for (name, e-mail, phone) and when
// (a form at the start, a form after N messages, or the model when the visitor seems interested). Stored as the
// agent's `collectLeads` (core's leadCaptureSchema).
import { Checkbox, Group, NumberInput, Radio, Stack, Switch, Text } from '@mantine/core';
import { LEAD_AFTER_MESSAGES_MAX, leadCaptureSchema, type LeadCapture } from '@parley/core';

const WHEN: Array<{ value: LeadCapture['when']; label: string; description: string }> = [
  { value: 'start', label: 'At the start', description: 'A short form in the widget before the first message.' },
  { value: 'afterMessages', label: 'After some messages', description: 'The form appears once the visitor has sent this many messages.' },
  { value: 'interested', label: 'When the visitor is interested', description: 'The agent asks in the conversation and saves the details itself.' },
];

export function LeadCaptureFields({ value, onChange }: { value: unknown; onChange: (next: LeadCapture) => void }) {
  const parsed = leadCaptureSchema.safeParse(value ?? {});
  const capture = parsed.success ? parsed.data : leadCaptureSchema.parse({});
  const set = (patch: Partial<LeadCapture>) => onChange({ ...capture, ...patch });
  return (
    <Stack gap="xs">
      <Switch
        label="Collect leads"
        description="Ask visitors for their contact details. On messaging channels the agent always asks in the conversation."
        checked={capture.enabled}
        onChange={(e) => set({ enabled: e.currentTarget.checked })}
      />
      {capture.enabled && (
        <>
          <Group gap="md" role="group" aria-label="Fields to collect">
            <Checkbox label="Name" checked={capture.fields.name} onChange={(e) => set({ fields: { ...capture.fields, name: e.currentTarget.checked } })} />
            <Checkbox label="E-mail" checked={capture.fields.email} onChange={(e) => set({ fields: { ...capture.fields, email: e.currentTarget.checked } })} />
            <Checkbox label="Phone" checked={capture.fields.phone} onChange={(e) => set({ fields: { ...capture.fields, phone: e.currentTarget.checked } })} />
          </Group>
          {!capture.fields.name && !capture.fields.email && !capture.fields.phone && (
            <Text size="sm" c="red">Choose at least one field, or nothing is collected.</Text>
          )}
          <Radio.Group label="When to ask" value={capture.when} onChange={(when) => set({ when: when as LeadCapture['when'] })}>
            <Stack gap={6} mt={4}>
              {WHEN.map((w) => (
                <Radio key={w.value} value={w.value} label={w.label} description={w.description} />
              ))}
            </Stack>
          </Radio.Group>
          {capture.when === 'afterMessages' && (
            <NumberInput
              label="Ask after this many visitor messages"
              min={1}
              max={LEAD_AFTER_MESSAGES_MAX}
              value={capture.afterMessages}
              onChange={(v) => set({ afterMessages: Math.min(LEAD_AFTER_MESSAGES_MAX, Math.max(1, Math.floor(Number(v) || 1))) })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
