// Account: the client's name, e-mail (read-only) and photo, written to its own record (the rules let a client change
// only name, photo, status, language and notification settings on it).
import { Avatar, Button, Drawer, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { clientsApi, TOAST_MS } from '@parley/core';
import { useMutation } from '@tanstack/react-query';
import { doc, updateDoc } from 'firebase/firestore/lite';
import { useState } from 'react';
import { db } from '../../lib/firestore';
import { useStartOver } from '../../lib/use-start-over';
import { usePortal } from './portal-context';

export function AccountDrawer({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { region, client, user } = usePortal();
  const [name, setName] = useState(client?.name ?? '');
  const [photo, setPhoto] = useState(client?.squarePhotoURL ?? '');
  // Starts over when the record first arrives, not on every live update of it (its status, its last-read
  // notifications): that would drop what the user is typing.
  useStartOver(opened, [client?.ID ?? null], () => {
    setName(client?.name ?? '');
    setPhoto(client?.squarePhotoURL ?? '');
  });
  const save = useMutation({
    mutationFn: () => updateDoc(doc(db(region), 'clients', client!.ID), { name: name.trim(), squarePhotoURL: photo.trim() }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: clientsApi.CLIENTS_MESSAGES.clientUpdated, autoClose: TOAST_MS.default });
      onClose();
    },
    onError: () => notifications.show({ color: 'red', message: clientsApi.CLIENTS_MESSAGES.clientUpdateFailed, autoClose: TOAST_MS.medium }),
  });
  return (
    <Drawer opened={opened} onClose={onClose} title="Account" position="right">
      <Stack>
        <Group>
          <Avatar src={photo || null} size={56} radius="xl" alt="">
            {(name || client?.email || user.email || '?').slice(0, 1).toUpperCase()}
          </Avatar>
        </Group>
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} disabled={!client} />
        <TextInput label="E-mail" value={client?.email ?? user.email ?? ''} readOnly />
        <TextInput label="Photo URL" value={photo} onChange={(e) => setPhoto(e.currentTarget.value)} disabled={!client} />
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!client}>
          Save
        </Button>
      </Stack>
    </Drawer>
  );
}
