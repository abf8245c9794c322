import { Group, Text } from '@mantine/core';

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--mantine-color-parley-6)" />
        <path d="M9 10h9a5 5 0 0 1 0 10h-4l-5 4V10z" fill="#fff" />
      </svg>
      {!compact && (
        <Text fw={700} size="lg" c="var(--mantine-color-text)">
          Parley
        </Text>
      )}
    </Group>
  );
}
