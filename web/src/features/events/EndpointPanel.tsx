// The endpoint: its URL (checked by the server at save, the refusal shown at the field), on or off, the subscribed
// types, Send test event. Only the owner may change it; members see it read-only.
import { Alert, Button, Checkbox, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { eventsApi, TOAST_MS } from '@parley/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { fieldErrorOf } from '../../lib/field-error';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { eventKeys, saveEventsSettings, sendTestEvent, type EventsSettings } from './events-api';

export function EndpointPanel({ settings, canEdit }: { settings: EventsSettings; canEdit: boolean }) {
  const { region, workspace } = useCurrentWorkspace();
  const queryClient = useQueryClient();
  const [endpoint, setEndpoint] = useState(settings.endpoint);
  const [enabled, setEnabled] = useState(settings.enabled);
  const [types, setTypes] = useState<string[]>(settings.subscribedEvents);
  const [endpointError, setEndpointError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  useEffect(() => {
    setEndpoint(settings.endpoint);
    setEnabled(settings.enabled);
    setTypes(settings.subscribedEvents);
  }, [settings]);

  async function save() {
    setEndpointError(null);
    setFailure(null);
    const parsed = eventsApi.saveEventsSettings.input.shape.endpoint.safeParse(endpoint.trim());
    if (!parsed.success) return setEndpointError(parsed.error.issues[0]?.message ?? 'Please enter a valid URL (https://...).');
    setBusy('save');
    try {
      const saved = await saveEventsSettings(region, workspace.uid, { endpoint: endpoint.trim(), enabled, subscribedEvents: types as eventsApi.EventType[] });
      queryClient.setQueryData(eventKeys.settings(region, workspace.uid), saved);
      notifications.show({ color: 'green', message: 'Events settings saved', autoClose: TOAST_MS.default });
    } catch (error) {
      const message = errorMessage(error);
      const atField = fieldErrorOf(message, 'endpoint');
      if (atField) setEndpointError(atField);
      else setFailure(message);
    } finally {
      setBusy(null);
    }
  }

  async function test() {
    setBusy('test');
    try {
      await sendTestEvent(region, workspace.uid);
      notifications.show({ color: 'green', message: 'Test event sent: see Deliveries', autoClose: TOAST_MS.default });
      void queryClient.invalidateQueries({ queryKey: eventKeys.deliveries(region, workspace.uid) });
    } catch (error) {
      notifications.show({ color: 'red', message: `Error: ${errorMessage(error)}`, autoClose: TOAST_MS.long });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="md" maw={720}>
      {settings.disabledReason && !settings.enabled && (
        <Alert color="orange" title="Endpoint turned off">{settings.disabledReason}</Alert>
      )}
      <TextInput
        label="Endpoint URL"
        description="We POST each subscribed event here, signed (see Verifying deliveries below)."
        placeholder="https://example.com/parley-events"
        value={endpoint}
        onChange={(e) => setEndpoint(e.currentTarget.value)}
        error={endpointError}
        disabled={!canEdit}
      />
      <Switch label="Send events to this endpoint" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} disabled={!canEdit} />
      <Checkbox.Group label="Subscribed events" value={types} onChange={setTypes}>
        <Stack gap={6} mt="xs">
          {eventsApi.EVENT_TYPE_KEYS.map((type) => (
            <Checkbox key={type} value={type} label={type} description={eventsApi.EVENT_TYPES[type].description} disabled={!canEdit} />
          ))}
        </Stack>
      </Checkbox.Group>
      {failure && <Alert color="red">{failure}</Alert>}
      {canEdit ? (
        <Group>
          <Button onClick={() => void save()} loading={busy === 'save'}>Save</Button>
          <Button variant="light" onClick={() => void test()} loading={busy === 'test'} disabled={!settings.endpoint}>Send test event</Button>
        </Group>
      ) : (
        <Text c="dimmed" size="sm">Only the workspace owner can change the endpoint.</Text>
      )}
    </Stack>
  );
}
