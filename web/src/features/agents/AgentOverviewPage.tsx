// Widget tab (overview): the agent's name and description, edited in the local draft; Publish saves them.
import { Card, Code, Group, List, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { updateAgentDraft, useAgentDraft } from '../../lib/agent-draft';

export default function AgentOverviewPage() {
  const { agentId = '' } = useParams();
  const entry = useAgentDraft(agentId);
  if (!entry) return null;
  const { draft } = entry;
  return (
    <Stack p="md" gap="md" maw={760}>
      <Title order={1} size="h2">
        Widget
      </Title>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <TextInput
            label="Agent name"
            value={String(draft.title ?? '')}
            onChange={(e) => {
              const title = e.currentTarget.value;
              updateAgentDraft(agentId, (d) => ({ ...d, title }));
            }}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={String(draft.description ?? '')}
            onChange={(e) => {
              const description = e.currentTarget.value;
              updateAgentDraft(agentId, (d) => ({ ...d, description }));
            }}
          />
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Agent ID
            </Text>
            <Code>{agentId}</Code>
          </Group>
          <Text size="sm" c="dimmed">
            Changes stay in your draft until you press Publish.
          </Text>
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Text fw={600} mb="xs">
          Coming to this tab
        </Text>
        <List spacing={4} size="sm">
          <List.Item>Theme: colours, fonts, avatar, header and chat background images</List.Item>
          <List.Item>Proactive message, message delay and file uploads</List.Item>
          <List.Item>Live preview of the chat widget</List.Item>
        </List>
      </Card>
    </Stack>
  );
}
