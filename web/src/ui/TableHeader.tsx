// A table's header row from its column names (an empty name for a column of row actions).
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export function TableHeader({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, i) => (
          <Table.Th key={i}>{column}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
