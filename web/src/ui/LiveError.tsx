// A live view's listener that ended with an error (access withdrawn, connection lost), said in words beside the
// rest of the page, with "Try again" to listen again (lib/live-data's retry).
import { Button, Group, Text } from '@mantine/core';
import { liveErrorMessage } from '../lib/live-data';

export function LiveError({ what, error, onRetry, mb }: { what: string; error: Error; onRetry(): void; mb?: string }) {
  return (
    <Group gap="xs" role="alert" mb={mb}>
      <Text size="sm" c="red">
        Could not load {what}: {liveErrorMessage(error)}
      </Text>
      <Button size="compact-xs" variant="light" onClick={onRetry}>
        Try again
      </Button>
    </Group>
  );
}
