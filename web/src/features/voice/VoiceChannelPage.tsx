// /app/{region}/agents/{agentId}/channels/voice — the voice channel at a glance: the numbers that ring this agent,
// web calling on or off (saved at once, syncing the assistant like the Voice tab's Save), and the way to the Voice tab.
import { Alert, Anchor, Button, Group, List, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { routes } from '@parley/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { agentVoiceQuery } from '../../lib/agent-voice';
import { errorMessage } from '../../lib/api';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { saveVoiceConfig } from './voice-api';

export default function VoiceChannelPage() {
  const { agentId = '' } = useParams();
  const { region } = useCurrentWorkspace();
  const queryClient = useQueryClient();
  const voiceQuery = agentVoiceQuery(region, agentId);
  const voice = useQuery(voiceQuery);
  const webCalling = useMutation({
    mutationFn: (on: boolean) => {
      const loaded = voice.data!;
      return saveVoiceConfig({ region, agentId, settings: loaded.settings, voiceConfig: { ...loaded.voiceConfig, config: { ...loaded.voiceConfig.config, enableWebCalling: on } } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voiceQuery.queryKey }),
  });
  return (
    <Stack p="md" gap="md" maw={980}>
      <Title order={1} size="h2">Voice</Title>
      <Text c="dimmed">Answer phone calls and calls in the browser with this agent.</Text>
      {voice.isError ? <Alert color="red" role="alert">{errorMessage(voice.error, 'The voice settings could not be loaded.')}</Alert> : null}
      {voice.isLoading ? <Loader size="sm" /> : null}
      {voice.data ? (
        <>
          <Title order={2} size="h4">Phone numbers</Title>
          {voice.data.numbers.length === 0 ? (
            <Text>No phone number rings this agent yet.</Text>
          ) : (
            <List aria-label="Phone numbers of this agent">
              {voice.data.numbers.map((n) => <List.Item key={n.ID}>{n.number}</List.Item>)}
            </List>
          )}
          <Group>
            <Button component={Link} to={routes.voicePhoneNumbers(region, agentId)} variant="light">Connect to Number</Button>
          </Group>
          <Switch
            label="Web calling"
            description="Visitors can call this agent from the chat widget."
            checked={webCalling.isPending ? webCalling.variables : voice.data.voiceConfig.config.enableWebCalling}
            disabled={webCalling.isPending}
            onChange={(e) => webCalling.mutate(e.currentTarget.checked)}
          />
          {webCalling.isError ? <Alert color="red" role="alert">{errorMessage(webCalling.error, 'Web calling could not be changed.')}</Alert> : null}
        </>
      ) : null}
      <Group>
        <Anchor component={Link} to={routes.agent(region, agentId, 'voice')}>Open the Voice tab</Anchor>
        <Anchor component={Link} to={routes.agentChannels(region, agentId)}>Back to Channels</Anchor>
      </Group>
    </Stack>
  );
}
