// /app/{region}/twilio-numbers — the workspace's phone numbers and its slots (included plus add-ons): search by
// country and area code and buy one. Beyond the slots the server refuses with how to get more, shown as is.
import { Alert, Button, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { Heading } from '../../ui/Heading';
import { buyPhoneNumber, listPhoneNumbers, searchPhoneNumbers } from './voice-api';

export default function PhoneNumbersPage() {
  const { region, workspace } = useCurrentWorkspace();
  const workspaceId = workspace.uid;
  const queryClient = useQueryClient();
  const [country, setCountry] = useState('US');
  const [areaCode, setAreaCode] = useState('');
  const owned = useQuery({ queryKey: ['phoneNumbers', region, workspaceId], queryFn: () => listPhoneNumbers({ region, workspaceId }) });
  const search = useMutation({ mutationFn: () => searchPhoneNumbers({ region, workspaceId, country, ...(areaCode.trim() ? { areaCode: areaCode.trim() } : {}) }) });
  const buy = useMutation({
    mutationFn: (number: string) => buyPhoneNumber({ region, workspaceId, number, country }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['phoneNumbers', region, workspaceId] }),
  });
  return (
    <Stack p="md" gap="md">
      <Heading order={1} title="Phone numbers" note="Phone numbers your voice agents answer and call from." />
      {owned.isError ? <Alert color="red" role="alert">{errorMessage(owned.error, 'The phone numbers could not be loaded.')}</Alert> : null}
      {owned.isLoading ? <Loader size="sm" /> : null}
      {owned.data ? (
        <>
          <Text>{owned.data.slots.used} of {owned.data.slots.limit} phone number slots used.</Text>
          <Stack gap="xs" aria-label="Your phone numbers">
            {owned.data.numbers.map((n) => <Text key={n.ID}>{n.number}</Text>)}
          </Stack>
        </>
      ) : null}
      <Group align="flex-end">
        <TextInput label="Country" value={country} onChange={(e) => setCountry(e.currentTarget.value)} />
        <TextInput label="Area code" value={areaCode} onChange={(e) => setAreaCode(e.currentTarget.value)} />
        <Button onClick={() => search.mutate()} loading={search.isPending}>Search</Button>
      </Group>
      {search.isError ? <Alert color="red" role="alert">{errorMessage(search.error, 'The search failed.')}</Alert> : null}
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
    </Stack>
  );
}
