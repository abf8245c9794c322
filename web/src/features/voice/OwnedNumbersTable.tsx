// The workspace's numbers: for each, the one agent that answers its inbound calls (or none), and Release behind a
// confirmation naming the number. The server's refusal (a client user, a number of another workspace) shows as is.
import { Button, Modal, Select, Stack, Table, Text } from '@mantine/core';
import type { PhoneNumberRecord, Region } from '@parley/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { DialogActions } from '../../ui/DialogActions';
import { FailureAlert } from '../../ui/FormError';
import { assignPhoneNumber, releasePhoneNumber } from './voice-api';

export interface AgentOption {
  ID: string;
  title: string;
}

const NO_AGENT = '';

export function OwnedNumbersTable(props: { region: Region; numbers: PhoneNumberRecord[]; agents: AgentOption[]; onChanged(): void }) {
  const [releasing, setReleasing] = useState<PhoneNumberRecord | null>(null);
  const assign = useMutation({
    mutationFn: (input: { phoneNumberId: string; agentId: string | null }) => assignPhoneNumber({ region: props.region, ...input }),
    onSuccess: props.onChanged,
  });
  const release = useMutation({
    mutationFn: (phoneNumberId: string) => releasePhoneNumber({ region: props.region, phoneNumberId }),
    onSuccess: () => {
      setReleasing(null);
      props.onChanged();
    },
  });
  const agentData = [{ value: NO_AGENT, label: 'No agent' }, ...props.agents.map((a) => ({ value: a.ID, label: a.title || a.ID }))];
  if (props.numbers.length === 0) return <Text c="dimmed">No phone numbers yet. Buy one below or import your own Twilio number.</Text>;
  return (
    <Stack gap="xs">
      <FailureAlert message={assign.isError ? errorMessage(assign.error, 'The agent could not be assigned.') : null} />
      <Table aria-label="Your phone numbers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Answered by</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.numbers.map((n) => (
            <Table.Tr key={n.ID}>
              <Table.Td>{n.number}</Table.Td>
              <Table.Td>{n.source === 'imported' ? 'Imported' : 'Bought'}</Table.Td>
              <Table.Td>
                <Select
                  aria-label={`Agent answering ${n.number}`}
                  data={agentData}
                  value={n.agentId ?? NO_AGENT}
                  allowDeselect={false}
                  disabled={assign.isPending && assign.variables.phoneNumberId === n.ID}
                  onChange={(value) => assign.mutate({ phoneNumberId: n.ID, agentId: value ? value : null })}
                />
              </Table.Td>
              <Table.Td>
                <Button size="xs" color="red" variant="light" aria-label={`Release ${n.number}`} onClick={() => { release.reset(); setReleasing(n); }}>
                  Release
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Modal opened={releasing !== null} onClose={() => setReleasing(null)} title={releasing ? `Release ${releasing.number}?` : ''}>
        <Stack gap="sm">
          <Text>Calls to this number will no longer reach your agents, and the number may go to someone else. This cannot be undone.</Text>
          <DialogActions
            failure={release.isError ? errorMessage(release.error, 'The number could not be released.') : null}
            busy={release.isPending}
            cancelLabel="Keep number"
            onCancel={() => setReleasing(null)}
            confirmLabel="Release number"
            confirmColor="red"
            onConfirm={() => releasing && release.mutate(releasing.ID)}
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
