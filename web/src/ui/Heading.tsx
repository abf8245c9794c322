// A title with a dimmed line under it: a page's heading (level 1) or a panel's (level 2) and what it is about, and
// anything else that belongs under the title.
import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function Heading({ order, title, note, children }: { order: 1 | 2; title: ReactNode; note: ReactNode; children?: ReactNode }) {
  const page = order === 1;
  return (
    <div>
      <Title order={order} size={page ? 'h2' : 'h4'}>
        {title}
      </Title>
      <Text size={page ? 'sm' : 'xs'} c="dimmed">
        {note}
      </Text>
      {children}
    </div>
  );
}
