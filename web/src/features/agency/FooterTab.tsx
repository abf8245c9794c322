// Footer: the agency's own links and address, shown in the footer of its clients' dashboard.
import { Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { AgencyRecord } from './agency-api';

const FIELDS = [
  { key: 'mainWebsite', label: 'Main website', placeholder: 'https://youragency.com' },
  { key: 'supportEmail', label: 'Support e-mail', placeholder: 'support@youragency.com' },
  { key: 'tosPage', label: 'Terms of service page', placeholder: 'https://youragency.com/terms' },
  { key: 'privacyPolicypPage', label: 'Privacy policy page', placeholder: 'https://youragency.com/privacy' },
] as const;

export function FooterTab({ draft, update }: { draft: AgencyRecord; update: (p: Partial<AgencyRecord>) => void }) {
  const showPoweredBy = (draft.settings as { showPoweredBy?: boolean }).showPoweredBy ?? false;
  return (
    <Stack gap="sm">
      {FIELDS.map((f) => (
        <TextInput key={f.key} label={f.label} placeholder={f.placeholder} value={draft[f.key] ?? ''} onChange={(e) => update({ [f.key]: e.currentTarget.value })} />
      ))}
      <Textarea label="Address" autosize minRows={2} value={draft.address ?? ''} onChange={(e) => update({ address: e.currentTarget.value })} />
      <Switch label='Show "Powered by" in the footer' checked={showPoweredBy} onChange={(e) => update({ settings: { ...draft.settings, showPoweredBy: e.currentTarget.checked } })} />
    </Stack>
  );
}
