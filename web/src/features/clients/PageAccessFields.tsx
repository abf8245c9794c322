// Which dashboard pages clients may open and the order of their tabs (an org's defaults, or one user's own).
import { Checkbox, Group, MultiSelect } from '@mantine/core';

export interface PageAccessFieldsProps {
  options: { value: string; label: string }[];
  accessLabel: string;
  access: string[];
  onAccess(pages: string[]): void;
  orderLabel: string;
  orderDescription: string;
  order: string[];
  onOrder(pages: string[]): void;
}

export function PageAccessFields(props: PageAccessFieldsProps) {
  return (
    <>
      <Checkbox.Group label={props.accessLabel} value={props.access} onChange={props.onAccess}>
        <Group gap="xs" mt={4}>
          {props.options.map((o) => (
            <Checkbox key={o.value} value={o.value} label={o.label} />
          ))}
        </Group>
      </Checkbox.Group>
      <MultiSelect
        label={props.orderLabel}
        description={props.orderDescription}
        data={props.options.filter((o) => props.access.includes(o.value))}
        value={props.order}
        onChange={props.onOrder}
      />
    </>
  );
}
