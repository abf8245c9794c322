// The title of the Prompt and Canvas pages with the agent page's Save beside it.
import { Group, Title } from '@mantine/core';
import type { ComponentType } from 'react';

/** The agent page's Save with its unsaved-changes badge, supplied by the app (features do not import each other). */
export type SaveBarComponent = ComponentType<{ agentId: string }>;

export function PageHeader({ title, agentId, SaveBar }: { title: string; agentId: string; SaveBar?: SaveBarComponent | undefined }) {
  return (
    <Group justify="space-between">
      <Title order={1} size="h2">{title}</Title>
      {SaveBar ? <SaveBar agentId={agentId} /> : null}
    </Group>
  );
}
