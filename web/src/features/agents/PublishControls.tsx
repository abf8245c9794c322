// Publish button (enabled only with unpublished changes), its action menu, dialogs and the deploy popover.
import { ActionIcon, Alert, Button, Code, CopyButton, Group, List, Menu, Modal, Popover, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { TOAST_MS } from '@parley/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getAgentDraft, loadAgentIntoDraft, markAgentSaved, updateAgentDraft, useAgentDraft } from '../../lib/agent-draft';
import { hasUnpublishedChanges } from '../../lib/publish-diff';
import { useCurrentWorkspace, workspaceBearer } from '../../lib/workspace-context';
import { IconDots } from '../../ui/icons';
import { exportAgentTemplate, listBackups, publishAgent, publishErrorMessage } from './agent-api';

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

export function PublishControls({ agentId }: { agentId: string }) {
  const current = useCurrentWorkspace();
  const { region } = current;
  const entry = useAgentDraft(agentId);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [justPublished, setJustPublished] = useState(false);
  const [popover, setPopover] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const changed = hasUnpublishedChanges(entry?.draft, entry?.saved);

  async function publish() {
    const latest = getAgentDraft(agentId);
    if (!latest) return;
    setBusy(true);
    try {
      const saved = await publishAgent(latest.draft, await workspaceBearer(current), region);
      markAgentSaved(agentId, saved);
      setJustPublished(true);
      // No saveAgentBackup call here: POST /v2/agents/{id} records the version itself (one backup per publish).
      if (localStorage.getItem(HIDE_DEPLOY_POPOVER_KEY) !== '1') setPopover(true);
    } catch (error) {
      toast(publishErrorMessage(error), 'red');
    } finally {
      setBusy(false);
    }
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
      toast(`Error exporting agent: ${error instanceof Error ? error.message : 'unknown error'}`, 'red');
    }
  }

  const enableNodes = !!entry?.saved.enableNodes;

  return (
    <Group gap={4} wrap="nowrap">
      <Popover opened={popover} onChange={setPopover} position="bottom-end" withArrow trapFocus>
        <Popover.Target>
          <Button size="xs" onClick={() => void publish()} disabled={!changed} loading={busy}>
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
          <Menu.Item onClick={() => navigate(`/app/${region}/agents/${agentId}/voice?tab=phoneNumbers`)}>Connect to Number</Menu.Item>
          {CHANNELS.map((c) => (
            <Menu.Item key={c.key} onClick={() => setDialog({ channel: c.label })}>
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
                navigate(`/app/${region}/agents/${agentId}/channels?channel=${dialog.channel.toLowerCase()}`);
              }}
            >
              Open Channels
            </Button>
          </Stack>
        )}
      </Modal>
      <Modal opened={dialog === 'history'} onClose={() => setDialog(null)} title="Version History" size="lg">
        {dialog === 'history' && <VersionHistory agentId={agentId} onRestored={() => setDialog(null)} />}
      </Modal>
    </Group>
  );
}

function WebsiteScript({ agentId, region }: { agentId: string; region: string }) {
  const snippet = `<script src="${location.origin}/widget/loader.js" data-agent-id="${agentId}" data-region="${region}" defer></script>`;
  return (
    <Stack>
      <Text size="sm">Paste this before the closing &lt;/body&gt; tag of every page where the chat widget should appear.</Text>
      <Code block>{snippet}</Code>
      <CopyButton value={snippet}>{({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy script'}</Button>}</CopyButton>
    </Stack>
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
                    if (entry) updateAgentDraft(agentId, () => ({ ...b.agent, ID: agentId }));
                    else loadAgentIntoDraft({ ...b.agent, ID: agentId });
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
