// Publish button (enabled only with unpublished changes), its action menu, dialogs and the deploy popover.
import { ActionIcon, Alert, Button, Group, List, Menu, Modal, Popover, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { routes, TOAST_MS } from '@parley/core';
import { useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { getAgentDraft, loadAgentIntoDraft, updateAgentDraft, useAgentDraft } from '../../lib/agent-draft';
import { useSaveAgent } from '../../lib/agent-save';
import { errorMessage } from '../../lib/api';
import { hasUnpublishedChanges } from '../../lib/publish-diff';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { IconDots } from '../../ui/icons';
import { WebsiteScript } from '../../ui/WebsiteScript';
import { exportAgentTemplate, listBackups } from './agent-api';

const HIDE_DEPLOY_POPOVER_KEY = 'parley.hideDeployPopover';
type Dialog = null | 'script' | 'history' | { channel: string };

const CHANNELS = [
  { label: 'WhatsApp', key: 'whatsapp' },
  { label: 'Discord', key: 'discord' },
  { label: 'Telegram', key: 'telegram' },
  { label: 'Instagram', key: 'instagram' },
  { label: 'Messenger', key: 'messenger' },
] as const;

function toast(message: string, color: 'green' | 'red') {
  notifications.show({ message, color, autoClose: TOAST_MS.medium });
}

/** A channel's setup modal, supplied by the app (features do not import each other). */
export type ChannelDialogComponent = ComponentType<{ agentId: string; channel: (typeof CHANNELS)[number]['key'] | null; saved: boolean; onClose(): void }>;

export function PublishControls({ agentId, ChannelDialog }: { agentId: string; ChannelDialog?: ChannelDialogComponent }) {
  const { region } = useCurrentWorkspace();
  const entry = useAgentDraft(agentId);
  const navigate = useNavigate();
  const { save, saving } = useSaveAgent(agentId);
  const [justPublished, setJustPublished] = useState(false);
  const [popover, setPopover] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [channel, setChannel] = useState<(typeof CHANNELS)[number]['key'] | null>(null);
  const changed = hasUnpublishedChanges(entry?.draft, entry?.saved);

  async function publish() {
    // The save records the version itself (one Version History entry per publish).
    if (!(await save())) return;
    setJustPublished(true);
    if (localStorage.getItem(HIDE_DEPLOY_POPOVER_KEY) !== '1') setPopover(true);
  }

  async function exportTemplate() {
    try {
      const { agentTemplate } = await exportAgentTemplate(agentId, region);
      const blob = new Blob([JSON.stringify(agentTemplate, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `agent-template-${agentId}.json`;
      a.click();
      URL.revokeObjectURL(url);
      toast('Agent template exported successfully', 'green');
    } catch (error) {
      toast(`Error exporting agent: ${errorMessage(error, 'unknown error')}`, 'red');
    }
  }

  const enableNodes = !!entry?.saved.enableNodes;

  return (
    <Group gap={4} wrap="nowrap">
      <Popover opened={popover} onChange={setPopover} position="bottom-end" withArrow trapFocus>
        <Popover.Target>
          <Button size="xs" onClick={() => void publish()} disabled={!changed} loading={saving}>
            {!changed && justPublished ? 'Published' : 'Publish'}
          </Button>
        </Popover.Target>
        <Popover.Dropdown aria-label="Agent published">
          <Stack gap="xs" maw={260}>
            <Text size="sm" fw={600}>
              Your changes are live.
            </Text>
            <Text size="sm">Add the chat widget to your website so visitors can talk to your agent.</Text>
            <Group gap="xs">
              <Button
                size="xs"
                onClick={() => {
                  setPopover(false);
                  setDialog('script');
                }}
              >
                Add widget to website
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  localStorage.setItem(HIDE_DEPLOY_POPOVER_KEY, '1');
                  setPopover(false);
                }}
              >
                Don't show again
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <Menu position="bottom-end" shadow="md" width={220}>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label="Agent actions">
            <IconDots />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            onClick={() => {
              void navigator.clipboard?.writeText(agentId).then(
                () => toast('Agent ID copied', 'green'),
                () => toast(`Agent ID: ${agentId}`, 'green'),
              );
            }}
          >
            Copy Agent ID
          </Menu.Item>
          {enableNodes && <Menu.Item onClick={() => void exportTemplate()}>Export Agent Template</Menu.Item>}
          <Menu.Item onClick={() => setDialog('script')}>Website Script</Menu.Item>
          <Menu.Item onClick={() => navigate(routes.voicePhoneNumbers(region, agentId))}>Connect to Number</Menu.Item>
          {CHANNELS.map((c) => (
            <Menu.Item key={c.key} onClick={() => (ChannelDialog ? setChannel(c.key) : setDialog({ channel: c.label }))}>
              {c.label}
            </Menu.Item>
          ))}
          <Menu.Item onClick={() => setDialog('history')}>Version History</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={dialog === 'script'} onClose={() => setDialog(null)} title="Website Script" size="lg">
        <WebsiteScript agentId={agentId} region={region} />
      </Modal>
      <Modal opened={typeof dialog === 'object' && dialog !== null} onClose={() => setDialog(null)} title={typeof dialog === 'object' && dialog ? dialog.channel : ''}>
        {typeof dialog === 'object' && dialog && (
          <Stack>
            <Text>Connect {dialog.channel} so your agent answers messages there. You will:</Text>
            <List spacing={4}>
              <List.Item>Sign in to {dialog.channel} or paste the bot token it gives you</List.Item>
              <List.Item>Pick the page, number or bot that this agent answers</List.Item>
              <List.Item>See the connection status and disconnect at any time</List.Item>
            </List>
            <Button
              onClick={() => {
                setDialog(null);
                navigate(routes.agentChannels(region, agentId, dialog.channel.toLowerCase()));
              }}
            >
              Open Channels
            </Button>
          </Stack>
        )}
      </Modal>
      {ChannelDialog ? (
        <ChannelDialog agentId={agentId} channel={channel} saved={typeof entry?.saved.lastModified === 'number' && entry.saved.lastModified > 0} onClose={() => setChannel(null)} />
      ) : null}
      <Modal opened={dialog === 'history'} onClose={() => setDialog(null)} title="Version History" size="lg">
        {dialog === 'history' && <VersionHistory agentId={agentId} onRestored={() => setDialog(null)} />}
      </Modal>
    </Group>
  );
}

function VersionHistory({ agentId, onRestored }: { agentId: string; onRestored: () => void }) {
  const { region } = useCurrentWorkspace();
  const backups = useQuery({ queryKey: ['agent-backups', region, agentId], queryFn: () => listBackups(agentId, region) });
  if (backups.isPending) return <Text c="dimmed">Loading versions…</Text>;
  if (backups.isError) return <Alert color="red">Could not load the version history.</Alert>;
  if (backups.data.length === 0) return <Text c="dimmed">No versions yet. A version is saved every time you publish.</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        The last {backups.data.length} published versions (20 at most). Restoring loads a version into your draft; publish to make it live.
      </Text>
      <Table aria-label="Versions">
        <Table.Tbody>
          {backups.data.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Td>{new Date(b.ts).toLocaleString()}</Table.Td>
              <Table.Td>{String(b.agent.title ?? '')}</Table.Td>
              <Table.Td w={100}>
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Restore version from ${new Date(b.ts).toLocaleString()}`}
                  onClick={() => {
                    const entry = getAgentDraft(agentId);
                    if (entry) updateAgentDraft(agentId, () => b.agent);
                    else loadAgentIntoDraft(b.agent);
                    toast('Version restored into your draft. Publish to make it live.', 'green');
                    onRestored();
                  }}
                >
                  Restore
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
