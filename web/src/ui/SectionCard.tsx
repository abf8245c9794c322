// A titled card of a settings or billing page. A page's own sections are large (h4 heading); sections inside a
// dialog or a client's smaller page are compact (h5). As a landmark it is a <section> named by its title.
import { Card, Group, Stack, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  title: string;
  compact?: boolean;
  /** Shown at the heading's end (a status badge, the section's main action). */
  aside?: ReactNode;
  /** Whether the card is a named <section> landmark. */
  landmark?: boolean;
  gap?: MantineSpacing;
  children: ReactNode;
}

export function SectionCard({ title, compact = false, aside, landmark = true, gap = 'sm', children }: SectionCardProps) {
  const heading = (
    <Title order={compact ? 3 : 2} size={compact ? 'h5' : 'h4'}>
      {title}
    </Title>
  );
  return (
    <Card withBorder padding={compact ? 'md' : 'lg'} {...(landmark ? { component: 'section' as const, 'aria-label': title } : {})}>
      <Stack gap={gap}>
        {aside ? (
          <Group justify="space-between">
            {heading}
            {aside}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Card>
  );
}
