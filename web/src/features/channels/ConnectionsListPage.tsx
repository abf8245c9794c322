// /app/{region}/meta-pages and /app/{region}/whatsapp-numbers: what the workspace has connected across its agents,
// which agent answers each, and Remove.
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { channelsApi, routes } from '@parley/core';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { callFunction } from '../../lib/functions';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { channelKeys, fetchConnections } from './channels-data';
import { toast } from './toast';
import { RemoveButton } from '../../ui/RemoveButton';
import { TableHeader } from '../../ui/TableHeader';

interface ListKind {
  title: string;
  description: string;
  channels: channelsApi.ChannelKind[];
  empty: string;
  itemLabel: string;
}

const KINDS = {
  'meta-pages': {
    title: 'Meta pages',
    description: 'Facebook pages (and their Instagram accounts) connected to your agents.',
    channels: ['messenger', 'instagram'],
    empty: 'No page is connected yet. Connect one from an agent’s Channels page (Messenger or Instagram).',
    itemLabel: 'Page',
  },
  'whatsapp-numbers': {
    title: 'WhatsApp numbers',
    description: 'WhatsApp Business numbers connected to your agents.',
    channels: ['whatsapp'],
    empty: 'No number is connected yet. Connect one from an agent’s Channels page (WhatsApp).',
    itemLabel: 'Number',
  },
} satisfies Record<string, ListKind>;

/** A page connected for Messenger and Instagram is one page: listed once. */
export function uniqueConnections(connections: channelsApi.ChannelConnection[]): channelsApi.ChannelConnection[] {
  const seen = new Set<string>();
  return connections.filter((c) => {
    const key = `${c.channel === 'instagram' ? 'messenger' : c.channel}:${c.id}:${c.agentId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function ConnectionsList({ kind }: { kind: keyof typeof KINDS }) {
  const { region } = useCurrentWorkspace();
  const queryClient = useQueryClient();
  const spec: ListKind = KINDS[kind];
  const list = useQuery({ queryKey: channelKeys.connections(region, undefined, spec.channels), queryFn: () => fetchConnections(region, undefined, spec.channels) });
  const remove = useMutation({
    mutationFn: async (c: channelsApi.ChannelConnection) => {
      if (c.channel === 'whatsapp') return callFunction(channelsApi.removeWhatsappNumber, { region, agentId: c.agentId, phoneId: c.id });
      return callFunction(channelsApi.removeMetaPage, { region, agentId: c.agentId, pageId: c.id });
    },
    onSuccess: (result) => {
      toast(result.message, result.ok);
      void queryClient.invalidateQueries({ queryKey: channelKeys.all });
    },
    onError: (e: Error) => toast(kind === 'meta-pages' ? channelsApi.META_TEXTS.pageRemoveFailed : channelsApi.META_TEXTS.waError(errorMessage(e)), false),
  });
  const rows = uniqueConnections(list.data ?? []);

  return (
    <Stack p="md" gap="md" maw={980}>
      <Title order={1} size="h2">
        {spec.title}
      </Title>
      <Text c="dimmed">{spec.description}</Text>
      {list.isError ? (
        <Text c="red" role="alert">
          Could not load the list: {errorMessage(list.error)}
        </Text>
      ) : null}
      {list.data && rows.length === 0 ? <Text>{spec.empty}</Text> : null}
      {rows.length > 0 ? (
        <Table aria-label={spec.title}>
          <TableHeader columns={[spec.itemLabel, 'Agent', '']} />
          <Table.Tbody>
            {rows.map((c) => (
              <Table.Tr key={`${c.channel}:${c.id}:${c.agentId}`}>
                <Table.Td>{c.label}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={routes.agentChannels(region, c.agentId)}>
                    {c.agentTitle || c.agentId}
                  </Anchor>
                </Table.Td>
                <Table.Td w={110}>
                  <RemoveButton name={c.label} loading={remove.isPending && remove.variables === c} onClick={() => remove.mutate(c)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}

export function MetaPagesPage() {
  return <ConnectionsList kind="meta-pages" />;
}
export function WhatsappNumbersPage() {
  return <ConnectionsList kind="whatsapp-numbers" />;
}
