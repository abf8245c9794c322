import { Button, Center, Stack, Text, Title } from '@mantine/core';

/** Shown when a route fails to render. */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <Center mih={320} p="xl" role="alert">
      <Stack align="center" gap="sm">
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed" ta="center" maw={420}>
          This page hit an unexpected error. Your saved data is safe; try loading the page again.
        </Text>
        <Button onClick={onRetry}>Try again</Button>
      </Stack>
    </Center>
  );
}
