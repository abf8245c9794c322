// /app/{region}/agents/{agentId}/voice?tab= — the agent's voice: the voice it speaks with (library and speech
// generation), how it hears (transcriber), its phone numbers, a "Call me" test call and a browser call, and the
// advanced call settings.
// Save stores the settings and syncs the agent's assistant at the voice provider; a refusal is shown as is.
import { Alert, Anchor, Button, Checkbox, Group, Loader, NumberInput, Select, Stack, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { E164_PATTERN, routes, VOICE_MESSAGES, type Region, type voiceApi, type VoiceConfig } from '@parley/core';

type VoiceCallSettings = voiceApi.VoiceCallSettings;
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { agentVoiceQuery } from '../../lib/agent-voice';
import { errorMessage } from '../../lib/api';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { Heading } from '../../ui/Heading';
import { saveVoiceConfig, startTestCall } from './voice-api';
import { BrowserCall } from './BrowserCall';
import { VoiceLibrary } from './VoiceLibrary';

export const VOICE_TABS = [
  { value: 'voiceLibrary', label: 'Voice library' },
  { value: 'speechGen', label: 'Speech generation' },
  { value: 'transcriber', label: 'Transcriber' },
  { value: 'phoneNumbers', label: 'Phone numbers' },
  { value: 'testCall', label: 'Test call' },
  { value: 'advanced', label: 'Advanced' },
] as const;
type VoiceTab = (typeof VOICE_TABS)[number]['value'];

const BACKGROUND_NOISES = ['off', 'office', 'restaurant'];

const isTab = (value: string | null): value is VoiceTab => VOICE_TABS.some((t) => t.value === value);

export default function VoicePage() {
  const { agentId = '' } = useParams();
  const { region } = useCurrentWorkspace();
  const [search, setSearch] = useSearchParams();
  const tabParam = search.get('tab');
  const tab: VoiceTab = isTab(tabParam) ? tabParam : 'voiceLibrary';
  const queryClient = useQueryClient();
  const loaded = useQuery(agentVoiceQuery(region, agentId));
  const [config, setConfig] = useState<VoiceConfig | null>(null);
  const [settings, setSettings] = useState<VoiceCallSettings>({});
  useEffect(() => {
    if (loaded.data) {
      setConfig(loaded.data.voiceConfig);
      setSettings(loaded.data.settings);
    }
  }, [loaded.data]);
  const save = useMutation({
    mutationFn: (next: { voiceConfig: VoiceConfig; settings: VoiceCallSettings }) => saveVoiceConfig({ region, agentId, ...next }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['voice', region, agentId] }),
  });

  if (loaded.isError) return <Alert m="md" color="red" role="alert">{errorMessage(loaded.error, 'The voice settings could not be loaded.')}</Alert>;
  if (!config || !loaded.data) return <Loader m="md" size="sm" />;
  const patch = <K extends keyof VoiceConfig>(key: K, value: Partial<VoiceConfig[K]>) => setConfig({ ...config, [key]: { ...config[key], ...value } });

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between" align="flex-end">
        <Heading order={1} title="Voice" note="Make your agent talk on the phone and in the browser." />
        <Button onClick={() => save.mutate({ voiceConfig: config, settings })} loading={save.isPending}>Save</Button>
      </Group>
      {save.isError ? <Alert color="red" role="alert">{errorMessage(save.error, 'The voice settings could not be saved.')}</Alert> : null}
      {save.isSuccess ? <Alert color="green" role="status">Voice settings saved.</Alert> : null}
      <Tabs value={tab} onChange={(value) => value && setSearch({ tab: value })}>
        <Tabs.List>
          {VOICE_TABS.map((t) => <Tabs.Tab key={t.value} value={t.value}>{t.label}</Tabs.Tab>)}
        </Tabs.List>
        <Tabs.Panel value="voiceLibrary" pt="md">
          <VoiceLibrary chosen={config.speechGen} onChoose={(provider, voiceId) => patch('speechGen', { provider, voiceId })} />
        </Tabs.Panel>
        <Tabs.Panel value="speechGen" pt="md">
          <Stack gap="sm" maw={420}>
            <TextInput label="Speech provider" value={config.speechGen.provider} onChange={(e) => patch('speechGen', { provider: e.currentTarget.value })} />
            <TextInput label="Voice ID" value={config.speechGen.voiceId} onChange={(e) => patch('speechGen', { voiceId: e.currentTarget.value })} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="transcriber" pt="md">
          <Stack gap="sm" maw={420}>
            <TextInput label="Transcriber provider" value={config.transcriber.provider} onChange={(e) => patch('transcriber', { provider: e.currentTarget.value })} />
            <TextInput label="Model" value={config.transcriber.modelId} onChange={(e) => patch('transcriber', { modelId: e.currentTarget.value })} />
            <TextInput label="Language" value={config.transcriber.language} onChange={(e) => patch('transcriber', { language: e.currentTarget.value })} />
            <NumberInput label="Utterance threshold (ms)" min={0} value={config.transcriber.utteranceThreshold} onChange={(v) => patch('transcriber', { utteranceThreshold: typeof v === 'number' ? v : 0 })} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="phoneNumbers" pt="md">
          {loaded.data.numbers.length === 0 ? (
            <Text c="dimmed">No phone number answers for this agent yet. <Anchor component={Link} to={routes.phoneNumbers(region)}>Buy or import a number</Anchor> and assign it to this agent.</Text>
          ) : (
            <Stack gap="xs" aria-label="Phone numbers of this agent">
              {loaded.data.numbers.map((n) => <Text key={n.ID}>{n.number}</Text>)}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="testCall" pt="md">
          <Stack gap="xl">
            <TestCall region={region} agentId={agentId} />
            <BrowserCall region={region} agentId={agentId} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="advanced" pt="md">
          <Stack gap="sm" maw={520}>
            <Checkbox label="Record audio" checked={config.config.recordAudio} onChange={(e) => patch('config', { recordAudio: e.currentTarget.checked })} />
            <Checkbox label="Enable web calling" checked={config.config.enableWebCalling} onChange={(e) => patch('config', { enableWebCalling: e.currentTarget.checked })} />
            <Select label="Background noise" data={BACKGROUND_NOISES} value={config.config.backgroundNoise} onChange={(v) => v && patch('config', { backgroundNoise: v })} allowDeselect={false} />
            <Checkbox label="Use the agent's prompt on web calls" checked={settings.overrideWithVG ?? false} onChange={(e) => setSettings({ ...settings, overrideWithVG: e.currentTarget.checked })} />
            <Textarea label="Prompt on web" autosize minRows={2} value={settings.promptOnWeb ?? ''} onChange={(e) => setSettings({ ...settings, promptOnWeb: e.currentTarget.value })} />
            <NumberInput label="Max minutes per month" min={0} value={settings.maxMinutesMonthly ?? 0} onChange={(v) => setSettings({ ...settings, maxMinutesMonthly: typeof v === 'number' ? v : 0 })} />
            <NumberInput label="Max cost per month (USD)" min={0} value={settings.maxCostMonthly ?? 0} onChange={(v) => setSettings({ ...settings, maxCostMonthly: typeof v === 'number' ? v : 0 })} />
            <TextInput label="Question" value={settings.question ?? ''} onChange={(e) => setSettings({ ...settings, question: e.currentTarget.value })} />
            <TextInput label="Continue button label" value={settings.continueBtnLabel ?? ''} onChange={(e) => setSettings({ ...settings, continueBtnLabel: e.currentTarget.value })} />
            <TextInput label="Dismiss button label" value={settings.dismissBtnLabel ?? ''} onChange={(e) => setSettings({ ...settings, dismissBtnLabel: e.currentTarget.value })} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** "Call me": the agent calls the E.164 number typed (without + the country-code sentence, at the field). */
function TestCall({ region, agentId }: { region: Region; agentId: string }) {
  const [phone, setPhone] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const call = useMutation({ mutationFn: (phoneNumber: string) => startTestCall({ region, agentId, phoneNumber }) });
  const submit = () => {
    const value = phone.trim();
    const error = !value.startsWith('+') ? VOICE_MESSAGES.countryCode : E164_PATTERN.test(value) ? null : VOICE_MESSAGES.e164;
    setFieldError(error);
    if (!error) call.mutate(value);
  };
  return (
    <Stack gap="sm" maw={420}>
      <TextInput label="Your phone number" placeholder="+14155550123" value={phone} error={fieldError} onChange={(e) => setPhone(e.currentTarget.value)} />
      <Group><Button onClick={submit} loading={call.isPending}>Call me</Button></Group>
      {call.isError ? <Alert color="red" role="alert">{errorMessage(call.error, 'The test call could not be placed.')}</Alert> : null}
      {call.isSuccess ? <Alert color="green" role="status">Calling {phone.trim()} now.</Alert> : null}
    </Stack>
  );
}
