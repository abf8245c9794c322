// Which dashboard pages clients may open and the order of their tabs: an org's defaults (the pages named with their
// path, for the agency) or one user's own.
import { Checkbox, Group, MultiSelect } from '@mantine/core';
import { CLIENT_ACCESS_OPTIONS } from '@parley/core';

const WORDS = {
  org: {
    options: CLIENT_ACCESS_OPTIONS.map((o) => ({ value: o.path, label: `${o.label} (${o.path})` })),
    accessLabel: 'Default client access',
    orderLabel: 'Default client tab order',
    orderDescription: 'The tabs in the order clients see them',
  },
  user: {
    options: CLIENT_ACCESS_OPTIONS.map((o) => ({ value: o.path, label: o.label })),
    accessLabel: 'Pages the user can access',
    orderLabel: 'Tab order',
    orderDescription: "The user's tabs in this order; the rest follow",
  },
};

export interface PageAccessFieldsProps {
  of: keyof typeof WORDS;
  access: string[];
  onAccess(pages: string[]): void;
  order: string[];
  onOrder(pages: string[]): void;
}

export function PageAccessFields(props: PageAccessFieldsProps) {
  const words = WORDS[props.of];
  return (
    <>
      <Checkbox.Group label={words.accessLabel} value={props.access} onChange={props.onAccess}>
        <Group gap="xs" mt={4}>
          {words.options.map((o) => (
            <Checkbox key={o.value} value={o.value} label={o.label} />
          ))}
        </Group>
      </Checkbox.Group>
      <MultiSelect
        label={words.orderLabel}
        description={words.orderDescription}
        data={words.options.filter((o) => props.access.includes(o.value))}
        value={props.order}
        onChange={props.onOrder}
      />
    </>
  );
}
