// "Import your own Twilio number": the number with its account SID and auth token. Each field is checked with the
// callable's own contract before sending (the sentence at the field); the token goes to the server only, which keeps
// it in the number's private document. A server refusal (slots full, number not in that account) shows as is.
import { Button, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { voiceApi, type Region } from '@parley/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api';
import { fieldErrorOf } from '../../lib/field-error';
import { FailureAlert } from '../../ui/FormError';
import { importTwilioNumber } from './voice-api';

type Field = 'number' | 'accountSid' | 'authToken';
const FIELDS: readonly Field[] = ['number', 'accountSid', 'authToken'];
const importFields = voiceApi.importTwilioNumber.input.pick({ number: true, accountSid: true, authToken: true });

/** The first sentence per field the contract refuses, so each field shows its own. */
function fieldErrors(values: Record<Field, string>): Partial<Record<Field, string>> {
  const parsed = importFields.safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

export function ImportNumberForm(props: { region: Region; workspaceId: string; onImported(): void }) {
  const [values, setValues] = useState<Record<Field, string>>({ number: '', accountSid: '', authToken: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const run = useMutation({
    mutationFn: () => importTwilioNumber({ region: props.region, workspaceId: props.workspaceId, ...values }),
    onSuccess: () => {
      setValues({ number: '', accountSid: '', authToken: '' });
      props.onImported();
    },
    onError: (err) => {
      const message = errorMessage(err, 'The number could not be imported.');
      const atField = FIELDS.map((field) => [field, fieldErrorOf(message, field)] as const).find(([, text]) => text);
      if (atField) setErrors({ [atField[0]]: atField[1] ?? '' });
    },
  });
  const change = (field: Field, value: string) => {
    setValues({ ...values, [field]: value });
    setErrors({ ...errors, [field]: undefined });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0) run.mutate();
  };
  const failure = run.isError && !Object.values(errors).some(Boolean) ? errorMessage(run.error, 'The number could not be imported.') : null;
  return (
    <form onSubmit={submit} aria-label="Import your own Twilio number" noValidate>
      <Stack gap="sm" maw={520}>
        <Title order={2} size="h4">Import your own Twilio number</Title>
        <TextInput label="Phone number" placeholder="+14155550123" value={values.number} error={errors.number} onChange={(e) => change('number', e.currentTarget.value)} />
        <TextInput label="Twilio account SID" placeholder="AC…" value={values.accountSid} error={errors.accountSid} onChange={(e) => change('accountSid', e.currentTarget.value)} />
        <PasswordInput label="Twilio auth token" value={values.authToken} error={errors.authToken} onChange={(e) => change('authToken', e.currentTarget.value)} autoComplete="off" />
        <FailureAlert message={failure} />
        <Group><Button type="submit" loading={run.isPending}>Import number</Button></Group>
      </Stack>
    </form>
  );
}
