// Remove for one row of a list or table, named after the row ("Remove Acme page") for screen readers.
import { Button, type ButtonProps } from '@mantine/core';

export function RemoveButton(props: { name: string; loading?: boolean; onClick(): void; size?: ButtonProps['size']; variant?: ButtonProps['variant'] }) {
  return (
    <Button size={props.size ?? 'xs'} color="red" variant={props.variant ?? 'light'} aria-label={`Remove ${props.name}`} loading={props.loading} onClick={props.onClick}>
      Remove
    </Button>
  );
}
