// A documentation hint beside a channel's setup. Agency users never see one (their clients must not be sent to
// our public documentation).
import { Alert, List } from '@mantine/core';
import type { ReactNode } from 'react';

export function HelpBox({ hidden, title, steps }: { hidden: boolean; title: string; steps: ReactNode[] }) {
  if (hidden) return null;
  return (
    <Alert color="blue" variant="light" role="note" title={title} aria-label={`Help: ${title}`}>
      <List size="sm" spacing={4} type="ordered">
        {steps.map((step, i) => (
          <List.Item key={i}>{step}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
