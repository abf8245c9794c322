// A tool's fields as a table: where each goes, its key, type, whether it is required, and what it is for.
import { Table, Text } from '@mantine/core';
import type { ToolField } from '@parley/core';
import { TableHeader } from '../../ui/TableHeader';

export function ToolParameters({ name, fields }: { name: string; fields: readonly ToolField[] }) {
  if (fields.length === 0) return <Text size="sm" c="dimmed">No parameters.</Text>;
  return (
    <Table aria-label={`Parameters of ${name}`} verticalSpacing={4}>
      <TableHeader columns={['Key', 'In', 'Type', 'Required', 'Description']} />
      <Table.Tbody>
        {fields.map((f) => (
          <Table.Tr key={`${f.in}:${f.key}`}>
            <Table.Td><code>{f.key}</code></Table.Td>
            <Table.Td>{f.in}</Table.Td>
            <Table.Td>{f.type}</Table.Td>
            <Table.Td>{f.required ? 'Yes' : 'No'}</Table.Td>
            <Table.Td>{f.description || (f.defaultValue !== undefined ? `Default: ${f.defaultValue}` : '')}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
