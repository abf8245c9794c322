// /app/{region}/twilio-numbers — the workspace's phone numbers and its slots (included plus add-ons): search by
// country and area code and buy one, or import an own Twilio number; assign the agent that answers each; release one.
// Beyond the slots the server refuses with how to get more, shown as is.
import { Alert, Button, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { fieldErrorOf } from '../../lib/field-error';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { useWorkspaceAgents } from '../../lib/agents-data';
import { Heading } from '../../ui/Heading';
import { ImportNumberForm } from './ImportNumberForm';
import { OwnedNumbersTable } from './OwnedNumbersTable';
import { buyPhoneNumber, listPhoneNumbers, searchPhoneNumbers } from './voice-api';

export default function PhoneNumbersPage() {
  const { region, workspace } = useCurrentWorkspace();
  const workspaceId = workspace.uid;
  const queryClient = useQueryClient();
  const [country, setCountry] = useState('US');
  const [areaCode, setAreaCode] = useState('');
  const agents = useWorkspaceAgents();
  const ownedKey = ['phoneNumbers', region, workspaceId];
  const owned = useQuery({ queryKey: ownedKey, queryFn: () => listPhoneNumbers({ region, workspaceId }) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ownedKey });
  const search = useMutation({ mutationFn: () => searchPhoneNumbers({ region, workspaceId, country, ...(areaCode.trim() ? { areaCode: areaCode.trim() } : {}) }) });
  const buy = useMutation({
    mutationFn: (number: string) => buyPhoneNumber({ region, workspaceId, number, country }),
    onSuccess: refresh,
  });
  const searchFailure = search.isError ? errorMessage(search.error, 'The search failed.') : null;
  const countryError = searchFailure && fieldErrorOf(searchFailure, 'country');
  const areaCodeError = searchFailure && fieldErrorOf(searchFailure, 'areaCode');
  return (
    <Stack p="md" gap="md">
      <Heading order={1} title="Phone numbers" note="Phone numbers your voice agents answer and call from." />
      {owned.isError ? <Alert color="red" role="alert">{errorMessage(owned.error, 'The phone numbers could not be loaded.')}</Alert> : null}
      {owned.isLoading ? <Loader size="sm" /> : null}
      {owned.data ? (
        <>
          <Text>{owned.data.slots.used} of {owned.data.slots.limit} phone number slots used.</Text>
          <OwnedNumbersTable region={region} numbers={owned.data.numbers} agents={(agents.data ?? []).map((a) => ({ ID: a.ID, title: typeof a.title === 'string' ? a.title : '' }))} onChanged={refresh} />
        </>
      ) : null}
      <Group align="flex-end">
        <TextInput label="Country" value={country} error={countryError} onChange={(e) => setCountry(e.currentTarget.value)} />
        <TextInput label="Area code" value={areaCode} error={areaCodeError} onChange={(e) => setAreaCode(e.currentTarget.value)} />
        <Button onClick={() => search.mutate()} loading={search.isPending}>Search</Button>
      </Group>
      {searchFailure && !countryError && !areaCodeError ? <Alert color="red" role="alert">{searchFailure}</Alert> : null}
      {buy.isError ? <Alert color="red" role="alert">{errorMessage(buy.error, 'The number could not be bought.')}</Alert> : null}
      {search.data ? (
        <Table aria-label="Numbers for sale">
          <Table.Tbody>
            {search.data.numbers.map((n) => (
              <Table.Tr key={n.number}>
                <Table.Td>{n.number}</Table.Td>
                <Table.Td>{n.locality}</Table.Td>
                <Table.Td><Button size="xs" aria-label={`Buy ${n.number}`} onClick={() => buy.mutate(n.number)} loading={buy.isPending && buy.variables === n.number}>Buy</Button></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <ImportNumberForm region={region} workspaceId={workspaceId} onImported={refresh} />
    </Stack>
  );
}
