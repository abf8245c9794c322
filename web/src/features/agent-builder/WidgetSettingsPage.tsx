// /app/{region}/agents/{agentId}/overview — Widget Settings: Overview, Sources (vg), Theme, Settings, Channels.
import { Anchor, Button, Card, Code, Group, Modal, Stack, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { routes, TOAST_MS, validateDeploy, validateTest, type Region } from '@parley/core';
import { useEffect, useState, type ComponentType } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { updateAgentDraft, useAgentDraft } from '../../lib/agent-draft';
import { AGENT_NOT_FOUND, agentKeys, mayOpenAgent } from '../../lib/agents-data';
import { hasUnpublishedChanges } from '../../lib/publish-diff';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { fetchAgencyDomains } from './agency-domains';
import { fetchSecretFlags } from './agent-builder-api';
import { prototypeLink } from './agent-links';
import { SaveBar } from './SaveBar';
import { SettingsForm } from './SettingsForm';
import { ThemeEditor } from './ThemeEditor';
import { WebsiteScript } from '../../ui/WebsiteScript';

/** The knowledge feature's sources list, supplied by the app (features do not import each other). */
export type KnowledgePanelComponent = ComponentType<{ region: Region; agentId: string }>;

export default function WidgetSettingsPage({ KnowledgePanel }: { KnowledgePanel?: KnowledgePanelComponent }) {
  const { agentId = '' } = useParams();
  const current = useCurrentWorkspace();
  const { region, user } = current;
  const entry = useAgentDraft(agentId);
  const [tab, setTab] = useState<string>('overview');
  const [deployOpen, setDeployOpen] = useState(false);
  const agent = entry?.draft;
  const allowed = !!entry && mayOpenAgent(entry.saved, current);
  const agency = useQuery({
    queryKey: ['agency-domains', region, entry?.saved.ownerID],
    queryFn: () => fetchAgencyDomains(region, String(entry?.saved.ownerID)),
    enabled: allowed && typeof entry?.saved.ownerID === 'string',
    staleTime: 300_000,
  });
  const isVf = agent?.agentPlatform === 'vf';
  const secrets = useQuery({ queryKey: agentKeys.secrets(region, agentId), queryFn: () => fetchSecretFlags(region, agentId), enabled: allowed && isVf });

  useEffect(() => {
    if (entry && !allowed) notifications.show({ color: 'red', message: AGENT_NOT_FOUND, autoClose: TOAST_MS.medium });
  }, [entry, allowed]);

  if (!entry || !agent) return null;
  if (!allowed) return <Navigate to={routes.widgets(region)} replace />;

  const saved = typeof entry.saved.lastModified === 'number' && entry.saved.lastModified > 0;
  const dirty = hasUnpublishedChanges(entry.draft, entry.saved);
  const proto = prototypeLink(region, agentId, agency.data);
  const set = (patch: Record<string, unknown>) => updateAgentDraft(agentId, (d) => ({ ...d, ...patch }));

  function testChatbot() {
    // A dialogue key saved earlier counts: its value never comes back to the browser.
    const typedKey = typeof agent?.VF_DIALOGUE_API_KEY === 'string' ? agent.VF_DIALOGUE_API_KEY : undefined;
    const problem = secrets.data?.hasDialogueKey ? null : validateTest({ agentPlatform: agent?.agentPlatform, VF_DIALOGUE_API_KEY: typedKey });
    if (problem) {
      notifications.show({ color: 'red', message: problem, autoClose: TOAST_MS.medium });
      return;
    }
    window.open(proto, '_blank', 'noopener');
  }

  function deploy() {
    // Deploying needs the agent saved, with nothing left unsaved.
    const problem = validateDeploy(saved && !dirty ? agentId : null);
    if (problem) {
      notifications.show({ color: 'yellow', message: problem, autoClose: TOAST_MS.medium });
      return;
    }
    setDeployOpen(true);
  }

  return (
    <Stack p="md" gap="md" maw={980}>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2">
          Widget Settings
        </Title>
        <Group gap="xs">
          <Button variant="default" onClick={testChatbot}>
            Test Chatbot
          </Button>
          <Button variant="light" onClick={deploy}>
            Deploy Widget
          </Button>
          <SaveBar agentId={agentId} />
        </Group>
      </Group>
      <Tabs value={tab} onChange={(v) => setTab(v ?? 'overview')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          {!isVf && <Tabs.Tab value="sources">Sources</Tabs.Tab>}
          <Tabs.Tab value="theme">Theme</Tabs.Tab>
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
          <Tabs.Tab value="channels" disabled={!saved}>
            Channels
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <Card withBorder padding="lg">
            <Stack gap="sm">
              <TextInput label="Agent name" value={String(agent.title ?? '')} onChange={(e) => set({ title: e.currentTarget.value })} />
              <Textarea label="Description" autosize minRows={2} value={String(agent.description ?? '')} onChange={(e) => set({ description: e.currentTarget.value })} />
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  Agent ID
                </Text>
                <Code>{agentId}</Code>
                <Text size="sm" c="dimmed">
                  Platform
                </Text>
                <Code>{isVf ? 'vf' : 'vg'}</Code>
              </Group>
              <Group gap="lg">
                <Anchor href={proto} target="_blank" rel="noopener">
                  Prototype link
                </Anchor>
                <Anchor href={routes.demo(region, agentId)} target="_blank" rel="noopener">
                  Demo link
                </Anchor>
              </Group>
            </Stack>
          </Card>
        </Tabs.Panel>
        {!isVf && (
          <Tabs.Panel value="sources" pt="md">
            {KnowledgePanel ? (
              <KnowledgePanel region={region} agentId={agentId} />
            ) : (
              <Anchor component={Link} to={routes.agent(region, agentId, 'kb')}>
                Open Knowledge
              </Anchor>
            )}
          </Tabs.Panel>
        )}
        <Tabs.Panel value="theme" pt="md">
          <ThemeEditor agent={agent} region={region} userId={user.uid} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <SettingsForm agent={agent} region={region} />
        </Tabs.Panel>
        <Tabs.Panel value="channels" pt="md">
          <Card withBorder padding="lg">
            <Stack gap="sm">
              <Text>Connect WhatsApp, Instagram, Messenger, Discord, Telegram and voice so your agent answers there too.</Text>
              <Button component={Link} to={routes.agentChannels(region, agentId)} w="fit-content">
                Open Channels
              </Button>
            </Stack>
          </Card>
        </Tabs.Panel>
      </Tabs>
      <Modal opened={deployOpen} onClose={() => setDeployOpen(false)} title="Deploy Widget" size="lg">
        <WebsiteScript agentId={agentId} region={region} />
      </Modal>
    </Stack>
  );
}
