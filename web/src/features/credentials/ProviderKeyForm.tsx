// The workspace's own OpenAI-compatible provider: base URL (checked by the server at save, the refusal shown at the
// field) and key (write-only: shown afterwards as its last 4 characters).
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { credentialsApi, TOAST_MS } from '@parley/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { fieldErrorOf } from '../../lib/field-error';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { saveProviderKey, type Credentials } from './credentials-api';

export function ProviderKeyForm({ provider, onSaved }: { provider: Credentials['provider']; onSaved(): void }) {
  const { region, workspace } = useCurrentWorkspace();
  const [baseUrl, setBaseUrl] = useState(provider.baseUrl);
  const [apiKey, setApiKey] = useState('');
  const [errors, setErrors] = useState<{ baseUrl?: string; apiKey?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setBaseUrl(provider.baseUrl), [provider.baseUrl]);

  async function save(remove = false) {
    setErrors({});
    setFailure(null);
    const url = remove ? '' : baseUrl.trim();
    if (!remove) {
      const parsed = credentialsApi.saveProviderKey.input.shape.baseUrl.safeParse(url);
      if (!parsed.success || !url) return setErrors({ baseUrl: credentialsApi.CREDENTIAL_MESSAGES.baseUrl });
      if (!apiKey.trim() && !provider.apiKey) return setErrors({ apiKey: credentialsApi.CREDENTIAL_MESSAGES.apiKey });
    }
    setBusy(true);
    try {
      await saveProviderKey(region, workspace.uid, url, remove ? '' : apiKey.trim());
      setApiKey('');
      if (remove) setBaseUrl('');
      notifications.show({ color: 'green', message: remove ? 'Provider removed' : 'Provider saved', autoClose: TOAST_MS.default });
      onSaved();
    } catch (error) {
      const message = errorMessage(error);
      const baseUrlError = fieldErrorOf(message, 'baseUrl');
      const apiKeyError = fieldErrorOf(message, 'apiKey');
      if (baseUrlError || apiKeyError) setErrors({ baseUrl: baseUrlError ?? undefined, apiKey: apiKeyError ?? undefined });
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm" maw={640}>
      <Title order={2} size="h4">Your own model provider</Title>
      <Text size="sm" c="dimmed">
        An OpenAI-compatible API your agents use instead of ours. Its usage is billed by your provider: conversations it answers use no
        model credits (other features still use credits as usual).
      </Text>
      <Text size="sm" c="dimmed">
        A saved or removed provider is used within 10 seconds. Your workspace still needs a positive credit balance for its agents to answer.
      </Text>
      <TextInput label="Base URL" placeholder="https://api.example.com/v1" value={baseUrl} onChange={(e) => setBaseUrl(e.currentTarget.value)} error={errors.baseUrl} />
      <PasswordInput
        label="API key"
        placeholder={provider.apiKey ? `Saved key ending in ${provider.apiKey.last4}` : 'sk-…'}
        description={provider.apiKey ? 'Leave empty to keep the saved key.' : undefined}
        value={apiKey}
        onChange={(e) => setApiKey(e.currentTarget.value)}
        error={errors.apiKey}
      />
      {failure && <Alert color="red">{failure}</Alert>}
      <Group>
        <Button onClick={() => void save()} loading={busy}>Save provider</Button>
        {provider.baseUrl && <Button variant="subtle" color="red" onClick={() => void save(true)} disabled={busy}>Remove</Button>}
      </Group>
    </Stack>
  );
}
