// A call's conversation (channel phone or web call) opens with what the call was: who called, how long, how it ended,
// and its recording when the agent records audio. The summary is written by the functions at the call's end.
import { Anchor, Group, Paper, Text } from '@mantine/core';
import type { CallSummary as CallSummaryData } from '@parley/core';

const duration = (seconds: number) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
/** The provider's reason in words (customer-ended-call → customer ended call). */
const reason = (value: string) => value.replace(/[-_]+/g, ' ');

export function CallSummary({ channel, call }: { channel: 'phone' | 'webcall'; call: CallSummaryData }) {
  return (
    <Paper withBorder p="sm" role="region" aria-label="Call summary">
      <Group gap="lg" wrap="wrap">
        <Text size="sm">Channel: {channel === 'phone' ? 'Phone call' : 'Web call'}</Text>
        {call.callerNumber ? <Text size="sm">Caller: {call.callerNumber}</Text> : null}
        <Text size="sm">Duration: {call.durationSeconds === undefined ? 'in progress' : duration(call.durationSeconds)}</Text>
        {call.endedReason ? <Text size="sm">Ended: {reason(call.endedReason)}</Text> : null}
        {call.recordingUrl ? (
          <Anchor size="sm" href={call.recordingUrl} target="_blank" rel="noopener noreferrer">
            Recording
          </Anchor>
        ) : null}
      </Group>
    </Paper>
  );
}
