// The workspace's own voice provider (Vapi) private key: checked at Vapi by the server at save (a refused key shown at
// the field), write-only (shown afterwards as its last 4 characters), removable.
import { Alert, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { credentialsApi, TOAST_MS } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { fieldErrorOf } from '../../lib/field-error';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { saveVoiceKey, type Credentials } from './credentials-api';

export function VoiceKeyForm({ voice, onSaved }: { voice: Credentials['voice']; onSaved(): void }) {
  const { region, workspace } = useCurrentWorkspace();
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(remove = false) {
    setError(undefined);
    setFailure(null);
    const key = remove ? '' : apiKey.trim();
    if (!remove && !key) return setError(credentialsApi.CREDENTIAL_MESSAGES.voiceKey);
    setBusy(true);
    try {
      await saveVoiceKey(region, workspace.uid, key);
      setApiKey('');
      notifications.show({ color: 'green', message: remove ? 'Vapi key removed' : 'Vapi key saved', autoClose: TOAST_MS.default });
      onSaved();
    } catch (caught) {
      const message = errorMessage(caught);
      const atField = fieldErrorOf(message, 'apiKey');
      if (atField) setError(atField);
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm" maw={640}>
      <Title order={2} size="h4">Your own voice provider key</Title>
      <Text size="sm" c="dimmed">
        Your Vapi private key: your agents’ assistants, phone numbers and calls are then made in your Vapi account instead of ours. Vapi bills
        you for those calls: they use no voice minute credits (the agent’s answers still use credits as any chat does).
      </Text>
      <Text size="sm" c="dimmed">
        A saved or removed key is used within 10 seconds. With your own key, connect numbers of your own Twilio account (Import); numbers
        connected before stay on the account they were connected in.
      </Text>
      <PasswordInput
        label="Vapi private key"
        placeholder={voice.apiKey ? `Saved key ending in ${voice.apiKey.last4}` : 'Your Vapi private key'}
        value={apiKey}
        onChange={(e) => setApiKey(e.currentTarget.value)}
        error={error}
      />
      {failure && <Alert color="red">{failure}</Alert>}
      <Group>
        <Button onClick={() => void save()} loading={busy}>Save Vapi key</Button>
        {voice.apiKey && <Button variant="subtle" color="red" onClick={() => void save(true)} disabled={busy}>Remove Vapi key</Button>}
      </Group>
    </Stack>
  );
}
