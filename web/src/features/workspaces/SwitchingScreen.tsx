import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { REGION_LABELS, type Region } from '@parley/core';

/** Shown while the app reloads into another region's workspace. */
export function SwitchingScreen({ name, region }: { name: string; region: Region }) {
  return (
    <Center h="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Title order={2}>Switching workspace</Title>
        <Text c="dimmed">
          Opening {name} in {REGION_LABELS[region]}…
        </Text>
      </Stack>
    </Center>
  );
}
