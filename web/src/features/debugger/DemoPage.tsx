// /app/{region}/demo/{id}/page1: a sample website page with the agent's real widget on it.
import { Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { EmbeddedWidget } from './EmbeddedWidget';

export default function DemoPage() {
  const { agentId = '' } = useParams();
  const { region } = useCurrentWorkspace();
  return (
    <Box bg="var(--mantine-color-gray-0)" mih="100vh">
      <Container size="md" py="xl">
        <Stack gap="lg">
          <Group justify="space-between">
            <Title order={1}>Your website</Title>
            <Text c="dimmed">Demo page 1</Text>
          </Group>
          <Text>This is how your agent appears on a real page. Visitors open the chat from the button in the corner.</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {['Products', 'Pricing', 'Support'].map((label) => (
              <Box key={label} p="lg" bg="white" style={{ borderRadius: 12, border: '1px solid var(--mantine-color-gray-3)' }}>
                <Title order={2} size="h4">
                  {label}
                </Title>
                <Text size="sm" c="dimmed">
                  Placeholder content of a typical website section.
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
      {agentId ? <EmbeddedWidget agentId={agentId} region={region} /> : null}
    </Box>
  );
}
