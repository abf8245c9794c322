// /app/{region}/clients — the agency's organisations with their client users and counts of agents, clients and
// credits, live (another tab's or a function's change shows without a reload); Org Info, credit transfer and
// Add/Edit User open from each organisation.
import { Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useWorkspaceAgents } from '../../lib/agents-data';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { formatCredits, useOrgClients, useOwnOrgs, type ClientRecord, type OrgRecord } from './clients-data';
import { OrgInfoDrawer } from './OrgInfoDrawer';
import { TransferCreditsModal } from './TransferCreditsModal';
import { UserDrawer } from './UserDrawer';
import { Heading } from '../../ui/Heading';
import { LiveError } from '../../ui/LiveError';
import { TableHeader } from '../../ui/TableHeader';

type Open =
  | { kind: 'org'; orgId: string | null }
  | { kind: 'transfer'; orgId: string }
  | { kind: 'user'; orgId: string; client: ClientRecord | null }
  | null;

function OrgCard({ org, onOpen }: { org: OrgRecord; onOpen(open: Open): void }) {
  const users = useOrgClients(org.ID);
  const clients = users.data ?? [];
  const counts = { agents: org.widgetIDs?.length ?? 0, clients: clients.length, credits: org.loadTokens };
  return (
    <Card withBorder component="section" aria-label={org.name}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h4">
            {org.name}
          </Title>
          <Group gap="xs" mt={4}>
            <Badge variant="light" aria-label="Agents">
              {counts.agents} agents
            </Badge>
            <Badge variant="light" aria-label="Clients">
              {counts.clients} clients
            </Badge>
            <Badge variant="light" color="teal" aria-label="Credits">
              {formatCredits(counts.credits)} credits
            </Badge>
            {org.settings?.disableClientAccess ? (
              <Badge color="red" variant="light">
                Access disabled
              </Badge>
            ) : null}
          </Group>
        </div>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => onOpen({ kind: 'org', orgId: org.ID })}>
            Org Info
          </Button>
          <Button size="xs" variant="default" onClick={() => onOpen({ kind: 'transfer', orgId: org.ID })}>
            Transfer credits
          </Button>
          <Button size="xs" onClick={() => onOpen({ kind: 'user', orgId: org.ID, client: null })}>
            Add User
          </Button>
        </Group>
      </Group>
      {users.error ? <LiveError what={`the users of ${org.name}`} error={users.error} onRetry={users.retry} /> : null}
      {users.isLoading ? <Loader size="xs" mt="sm" aria-label={`Loading users of ${org.name}`} /> : null}
      {clients.length > 0 ? (
        <Table mt="sm" aria-label={`Users of ${org.name}`} verticalSpacing={4}>
          <TableHeader columns={['Name', 'Email', 'Status', 'Pages', '']} />
          <Table.Tbody>
            {clients.map((c) => (
              <Table.Tr key={c.ID}>
                <Table.Td>
                  {c.name || '—'}
                  {c.isOrgAdmin ? (
                    <Badge size="xs" ml={4}>
                      Org admin
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{c.email}</Table.Td>
                <Table.Td>{c.status ?? 'offline'}</Table.Td>
                <Table.Td>{(c.canAccess ?? []).join(', ')}</Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="subtle" aria-label={`Edit ${c.email}`} onClick={() => onOpen({ kind: 'user', orgId: org.ID, client: c })}>
                    Edit
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : users.data ? (
        <Text size="sm" c="dimmed" mt="sm">
          No users yet.
        </Text>
      ) : null}
    </Card>
  );
}

export default function ClientsPage() {
  const { region, user, workspace } = useCurrentWorkspace();
  const orgs = useOwnOrgs(user.uid);
  const agents = useWorkspaceAgents();
  const [open, setOpen] = useState<Open>(null);
  const [workspaceCredits, setWorkspaceCredits] = useState<number | null>(null);
  const credits = workspaceCredits ?? workspace.loadTokens ?? 0;
  const agentList = (agents.data ?? []).map((a) => ({ ID: a.ID, title: a.title }));
  const find = (orgId: string) => orgs.data?.find((org) => org.ID === orgId) ?? null;
  const close = () => setOpen(null);
  const transferOrg = open?.kind === 'transfer' ? find(open.orgId) : null;

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Heading order={1} title="Clients" note={`Workspace credits: ${formatCredits(credits)}`} />
        <Button onClick={() => setOpen({ kind: 'org', orgId: null })}>New Organization</Button>
      </Group>
      {orgs.isLoading ? <Loader size="sm" /> : null}
      {orgs.error ? <LiveError what="organizations" error={orgs.error} onRetry={orgs.retry} /> : null}
      {orgs.data && orgs.data.length === 0 ? <Text c="dimmed">No organizations yet. Create one to add client users.</Text> : null}
      {orgs.data?.map((org) => <OrgCard key={org.ID} org={org} onOpen={setOpen} />)}

      <OrgInfoDrawer
        opened={open?.kind === 'org'}
        onClose={close}
        region={region}
        orgId={open?.kind === 'org' ? open.orgId : null}
        org={open?.kind === 'org' && open.orgId ? find(open.orgId) : null}
        rootAdmin
        agents={agentList}
      />
      {transferOrg ? (
        <TransferCreditsModal
          opened
          onClose={close}
          region={region}
          org={transferOrg}
          workspaceCredits={credits}
          onTransferred={(b) => setWorkspaceCredits(b.workspaceCredits)}
        />
      ) : null}
      {open?.kind === 'user' ? (
        <UserDrawer opened onClose={close} region={region} orgId={open.orgId} org={find(open.orgId)} client={open.client} rootAdmin agents={agentList} />
      ) : null}
    </Stack>
  );
}
