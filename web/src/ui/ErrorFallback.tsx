import { Button, Center, Stack, Text, Title } from '@mantine/core';

/** Shown when a route fails to render (or, with its own words, when what it needs could not be loaded). */
export function ErrorFallback({ onRetry, message = 'This page hit an unexpected error. Your saved data is safe; try loading the page again.' }: { onRetry: () => void; message?: string }) {
  return (
    <Center mih={320} p="xl" role="alert">
      <Stack align="center" gap="sm">
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed" ta="center" maw={420}>
          {message}
        </Text>
        <Button onClick={onRetry}>Try again</Button>
      </Stack>
    </Center>
  );
}
