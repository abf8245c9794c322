// The side navigation's white-label trial banner with its expiry date, while the trial runs. It reads the
// workspace record the shell already has (internal.whitelabelTrialEndsAt): no request of its own.
import { Paper, Text } from '@mantine/core';
import { isWhitelabelTrialActive } from '@parley/core';

export const trialDate = (endsAtSeconds: number): string =>
  new Date(endsAtSeconds * 1000).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export function WhitelabelTrialBanner({ endsAt, expanded = true }: { endsAt: number | null | undefined; expanded?: boolean }) {
  if (!isWhitelabelTrialActive(endsAt, Date.now() / 1000)) return null;
  return (
    <Paper withBorder p="xs" radius="md" role="status" aria-label="White-label trial">
      <Text size="xs" fw={600}>
        {expanded ? 'White-label trial' : 'Trial'}
      </Text>
      {expanded && (
        <Text size="xs" c="dimmed">
          Ends {trialDate(endsAt!)}
        </Text>
      )}
    </Paper>
  );
}
