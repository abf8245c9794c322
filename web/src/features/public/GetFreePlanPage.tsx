import { Button, Container, List, Stack, Text, Title } from '@mantine/core';
import { FREE_ACCOUNT_DEFAULTS } from '@parley/core';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../../ui/PublicLayout';

export default function GetFreePlanPage() {
  return (
    <PublicLayout>
      <Container size="sm" py={56}>
        <Stack gap="md">
          <Title order={1}>Get the free plan</Title>
          <Text c="dimmed">No credit card. Build and test your agents, then upgrade when you go live at scale.</Text>
          <List spacing={6}>
            <List.Item>{FREE_ACCOUNT_DEFAULTS.maxAgents} agents</List.Item>
            <List.Item>{FREE_ACCOUNT_DEFAULTS.workspaceSeats} workspace seats</List.Item>
            <List.Item>{FREE_ACCOUNT_DEFAULTS.maxClients} clients</List.Item>
            <List.Item>Website widget and messaging channels</List.Item>
          </List>
          <Button component={Link} to="/signup" size="md" w="fit-content">
            Create my free account
          </Button>
        </Stack>
      </Container>
    </PublicLayout>
  );
}
