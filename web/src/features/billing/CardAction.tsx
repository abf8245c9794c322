// The foot of a billing card's form (Purchase Credits, Automatic Recharge): what its action last answered, in green
// when it worked and red when not (also as a toast), above the action's one button.
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@parley/core';
import { useState } from 'react';

export interface Outcome {
  text: string;
  ok: boolean;
}

export function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  function report(text: string, ok: boolean) {
    setOutcome({ text, ok });
    notifications.show({ message: text, color: ok ? 'green' : 'red', autoClose: TOAST_MS.notification });
  }
  return { outcome, report, clear: () => setOutcome(null) };
}

export function CardAction(props: { outcome: Outcome | null; label: string; onClick(): void; busy: boolean; disabled: boolean }) {
  return (
    <>
      {props.outcome ? (
        <Text size="sm" c={props.outcome.ok ? 'green' : 'red'} role="status">
          {props.outcome.text}
        </Text>
      ) : null}
      <Group>
        <Button onClick={props.onClick} loading={props.busy} disabled={props.disabled}>
          {props.label}
        </Button>
      </Group>
    </>
  );
}
