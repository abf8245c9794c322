// /app/{region}/agents/{agentId}/settings?tab=core|ui|language|security|notifications|handoff|technical|analytics|advanced|integrations
import { Group, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { useAgentDraft } from '../../lib/agent-draft';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { SaveBar } from './SaveBar';
import { SettingsForm } from './SettingsForm';

export default function AgentSettingsPage() {
  const { agentId = '' } = useParams();
  const { region } = useCurrentWorkspace();
  const entry = useAgentDraft(agentId);
  if (!entry) return null;
  return (
    <Stack p="md" gap="md" maw={980}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Settings
        </Title>
        <SaveBar agentId={agentId} />
      </Group>
      <SettingsForm agent={entry.draft} region={region} />
    </Stack>
  );
}
