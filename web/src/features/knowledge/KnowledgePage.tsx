// /app/{region}/agents/{agentId}/kb — the Knowledge tab.
import { Stack, Title, Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { KnowledgePanel } from './KnowledgePanel';

export default function KnowledgePage() {
  const { agentId = '' } = useParams();
  const { region } = useCurrentWorkspace();
  return (
    <Stack p="md" gap="md" maw={960}>
      <Title order={1} size="h2">
        Knowledge
      </Title>
      <Text c="dimmed">Everything your agent knows: text, files and web pages. Web pages are re-read at their refresh rate.</Text>
      <KnowledgePanel region={region} agentId={agentId} />
    </Stack>
  );
}
