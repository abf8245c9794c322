// The tools an answer called, as Chats and the test debugger show them under the answer: each call's name and
// arguments, then its status and the start of what came back (secrets were redacted before it was stored). A flow's
// move to another step is shown as that: "Moved to step …".
import { Code, Stack, Text } from '@mantine/core';
import type { ToolCallRecord } from '@parley/core';

export function ToolCallList({ calls }: { calls: readonly ToolCallRecord[] | undefined }) {
  if (!calls || calls.length === 0) return null;
  return (
    <Stack gap={4} mt={4} role="group" aria-label="Tool calls">
      {calls.map((call, i) =>
        call.ok && call.step !== undefined ? (
          <Text key={i} size="xs" fw={500} c="teal">
            Moved to step “{call.step}”
          </Text>
        ) : (
          <div key={i}>
            <Text size="xs" fw={500}>
              Called {call.name}({call.arguments}) · {call.ok ? `OK ${call.status ?? ''}`.trim() : call.status ? `failed ${call.status}` : 'failed'}
              {call.timeMs !== undefined ? ` · ${call.timeMs} ms` : ''}
            </Text>
            {/* Focusable: a scrolling region must be reachable from the keyboard. */}
            <Code block fz="xs" tabIndex={0} role="group" aria-label={`Result of ${call.name}`} style={{ maxHeight: 120, overflow: 'auto' }}>
              {call.result.slice(0, 500) || '(empty)'}
            </Code>
          </div>
        ),
      )}
    </Stack>
  );
}
