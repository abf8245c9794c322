// A table row's last cell: its actions side by side, never wrapped under one another.
import { Group, Table } from '@mantine/core';
import type { ReactNode } from 'react';

export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Table.Td>
      <Group gap="xs" wrap="nowrap">
        {children}
      </Group>
    </Table.Td>
  );
}
