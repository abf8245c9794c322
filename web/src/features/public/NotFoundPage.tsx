import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../../ui/PublicLayout';

export default function NotFoundPage() {
  return (
    <PublicLayout>
      <Container size="sm" py={80}>
        <Stack align="center" ta="center">
          <Title order={1}>Page not found</Title>
          <Text c="dimmed">The page or agent you are looking for does not exist, or you no longer have access to it.</Text>
          <Button component={Link} to="/app">
            Go to my agents
          </Button>
        </Stack>
      </Container>
    </PublicLayout>
  );
}
