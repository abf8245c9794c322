// An agency host that is unknown or not verified (or whose branding could not be read): a neutral page that
// names no brand at all.
import { Center, Stack, Text, Title } from '@mantine/core';

export function NotConnectedPage({ host, status }: { host: string; status: 'not-connected' | 'unavailable' }) {
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" ta="center" gap="sm" maw={480} role="main">
        <Title order={1} size="h2">
          {status === 'not-connected' ? 'This domain is not connected' : 'This page is temporarily unavailable'}
        </Title>
        <Text c="dimmed">
          {status === 'not-connected'
            ? `${host} is not connected to a dashboard yet. If you own it, finish its set-up and verification in your agency settings.`
            : 'Please try again in a moment.'}
        </Text>
      </Stack>
    </Center>
  );
}
