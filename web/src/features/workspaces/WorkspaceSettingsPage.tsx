// Workspace settings: rename, members (invite/remove), delete.
import { Alert, Badge, Button, Card, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_MS, validateInvite, validateRemoveMember, WORKSPACE_MESSAGES, workspaceSeatLimitOf } from '@parley/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { INVITE_MESSAGES } from '../../lib/invite';
import { useCurrentWorkspace, workspaceBearer } from '../../lib/workspace-context';
import { useWorkspaceNameForm } from './use-workspace-name-form';
import { deleteWorkspace, saveWorkspace, sendWorkspaceEmail } from './workspace-api';
import { RemoveButton } from '../../ui/RemoveButton';

function toast(message: string, color: 'green' | 'red') {
  notifications.show({ message, color, autoClose: TOAST_MS.default });
}

export default function WorkspaceSettingsPage() {
  return (
    <Stack gap="lg" p="md" maw={820}>
      <Title order={1} size="h2">
        Workspace settings
      </Title>
      <RenameCard />
      <MembersCard />
      <DangerCard />
    </Stack>
  );
}

function RenameCard() {
  const current = useCurrentWorkspace();
  const { workspace, refresh } = current;
  const { name, setName, error, busy, submit } = useWorkspaceNameForm(
    workspace.workspaceName ?? '',
    async (workspaceName) => {
      await saveWorkspace({ ...workspace, workspaceName }, await workspaceBearer(current));
      await refresh();
      toast('Workspace saved', 'green');
    },
    () => {
      toast(INVITE_MESSAGES.saveFailed, 'red');
      return INVITE_MESSAGES.saveFailed;
    },
  );

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate aria-label="Rename workspace">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Name
          </Title>
          <TextInput label="Workspace name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={error ?? undefined} maxLength={60} />
          <Group>
            <Button type="submit" loading={busy}>
              Save name
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function MembersCard() {
  const current = useCurrentWorkspace();
  const { workspace, refresh, user } = current;
  const members = workspace.workspaceEmails ?? [];
  // Custom plan seats on top of the subscription's (free seats + seat add-ons), as the server counts them.
  const limit = workspaceSeatLimitOf(workspace);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  function report(text: string, ok: boolean) {
    setMessage({ text, ok });
    toast(text, ok ? 'green' : 'red');
  }

  async function invite(event: FormEvent) {
    event.preventDefault();
    const target = email.trim().toLowerCase();
    const invalid = validateInvite({ email: target, selfEmail: user.email, memberCount: members.length, seatLimit: limit });
    if (invalid) {
      report(invalid, false);
      return;
    }
    if (members.includes(target)) {
      report(`${target} is already a member.`, false);
      return;
    }
    setBusy(true);
    try {
      const bearer = await workspaceBearer(current);
      await saveWorkspace({ ...workspace, workspaceEmails: [...members, target] }, bearer);
      // The server writes the invitation itself, to a member just added.
      await sendWorkspaceEmail(workspace, bearer, { to: target });
      setEmail('');
      report(INVITE_MESSAGES.success, true);
    } catch (error) {
      // The server's seat check (a race with another invite) has its own message.
      const seats = error instanceof ApiError && error.message === WORKSPACE_MESSAGES.notEnoughSeats;
      report(seats ? WORKSPACE_MESSAGES.notEnoughSeats : INVITE_MESSAGES.failed(target), false);
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  async function remove(member: string) {
    const invalid = validateRemoveMember(member, user.email);
    if (invalid) {
      report(invalid, false);
      return;
    }
    try {
      await saveWorkspace({ ...workspace, workspaceEmails: members.filter((m) => m !== member) }, await workspaceBearer(current));
      await refresh();
      report(`Removed ${member}`, true);
    } catch {
      report(INVITE_MESSAGES.saveFailed, false);
    }
  }

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Members
          </Title>
          <Badge variant="light" aria-label="Seats used">
            {members.length} of {limit} seats used
          </Badge>
        </Group>
        <Table aria-label="Workspace members">
          <Table.Tbody>
            {members.map((member) => (
              <Table.Tr key={member}>
                <Table.Td>
                  {member}
                  {member === user.email?.toLowerCase() && (
                    <Badge ml="xs" size="xs" variant="outline">
                      you
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td w={100}>
                  <RemoveButton size="compact-sm" variant="subtle" name={member} onClick={() => void remove(member)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <form onSubmit={invite} noValidate aria-label="Invite a member">
          <Group align="flex-end">
            <TextInput label="Invite by email" placeholder="teammate@company.com" value={email} onChange={(e) => setEmail(e.currentTarget.value)} style={{ flex: 1 }} />
            <Button type="submit" loading={busy}>
              Invite
            </Button>
          </Group>
        </form>
        {message && (
          <Alert color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function DangerCard() {
  const current = useCurrentWorkspace();
  const { workspace, isPersonal, workspaces, switchWorkspace, user } = current;
  const isOwner = workspace.ownerId === user.uid || workspace.uid === user.uid;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();

  async function confirmDelete() {
    setBusy(true);
    setError(null);
    try {
      const left = await deleteWorkspace(workspace, await workspaceBearer(current));
      // What stays at the voice provider is the owner's to delete there: told until they close it.
      for (const sentence of left) notifications.show({ title: 'Still at the voice provider', message: sentence, color: 'yellow', autoClose: false });
      setOpen(false);
      const next = workspaces.find((w) => !(w.uid === workspace.uid && w.region === workspace.region));
      if (next) switchWorkspace(next);
      else navigate('/app', { replace: true });
    } catch {
      setError(INVITE_MESSAGES.deleteFailed);
      toast(INVITE_MESSAGES.deleteFailed, 'red');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4" c="red">
          Delete workspace
        </Title>
        {isPersonal ? (
          <Text size="sm" c="dimmed">
            A personal workspace cannot be deleted.
          </Text>
        ) : !isOwner ? (
          <Text size="sm" c="dimmed">
            Only the workspace owner can delete it.
          </Text>
        ) : (
          <Text size="sm">Deleting removes the workspace and its settings for every member.</Text>
        )}
        <Group>
          <Button color="red" variant="outline" disabled={isPersonal || !isOwner} onClick={() => setOpen(true)}>
            Delete workspace
          </Button>
        </Group>
      </Stack>
      <Modal opened={open} onClose={() => setOpen(false)} title="Delete workspace?" centered>
        <Stack>
          <Text>
            This permanently deletes <strong>{workspace.workspaceName}</strong>. This action cannot be undone.
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button color="red" loading={busy} onClick={() => void confirmDelete()}>
              Yes, delete it
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
