// A form's problem under its fields, announced to screen readers; nothing when there is none.
import { Alert, Text } from '@mantine/core';

export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Text size="sm" c="red" role="alert">
      {message}
    </Text>
  );
}

/** A failed action's message in a red box (dialogs and cards), announced to screen readers. */
export function FailureAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  );
}
