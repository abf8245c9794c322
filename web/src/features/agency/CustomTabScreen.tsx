// The page of one custom tab: its label and its framed content, or a "not found" heading and sentence when no tab
// has the address (the owner's preview and the client dashboards word that differently).
import { Stack, Text, Title } from '@mantine/core';
import type { CustomTab } from '@parley/core';
import type { ReactNode } from 'react';
import { CustomTabFrame } from './CustomTabFrame';

export function CustomTabScreen({ tab, notFound }: { tab: CustomTab | undefined; notFound: { title: string; text: ReactNode } }) {
  if (!tab) {
    return (
      <Stack p="md">
        <Title order={1} size="h3">{notFound.title}</Title>
        <Text c="dimmed">{notFound.text}</Text>
      </Stack>
    );
  }
  return (
    <Stack p="md" gap="sm">
      <Title order={1} size="h3">{tab.label}</Title>
      <CustomTabFrame tab={tab} />
    </Stack>
  );
}
