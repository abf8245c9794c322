// /app/{region}/agents/{agentId}/channels — the channel cards (Active + Configure when connected, else Connect;
// Google Business Chat deprecated, Email coming soon, Voice a page of its own) and the Channel Settings block.
// Channels need a saved agent. ?channel=telegram opens that channel's modal (links from the agent action menu).
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ANALYTICS_EVENTS, routes, TOAST_MS } from '@parley/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { updateAgentDraft, useAgentDraft } from '../../lib/agent-draft';
import { useSaveAgent } from '../../lib/agent-save';
import { agentVoiceQuery, isVoiceChannelActive } from '../../lib/agent-voice';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { trackChannelsEvent } from './analytics';
import { CHANNEL_CARDS, connectedChannels, isModalChannel, type ChannelCard, type ModalChannel } from './catalog';
import { ChannelDialog } from './ChannelDialog';
import { channelKeys, fetchConnections } from './channels-data';
import { toast } from './toast';
import { SectionCard } from '../../ui/SectionCard';

function CardAction({ card, active, saved, onOpen, voiceHref }: { card: ChannelCard; active: boolean; saved: boolean; onOpen(): void; voiceHref: string }) {
  if (card.disabled) {
    const state = card.disabled === 'deprecated' ? 'Deprecated' : 'Coming soon';
    // The name starts with the visible text (what a voice user says) and says which channel it is.
    return (
      <Button variant="default" disabled aria-label={`${state}: ${card.label}`}>
        {state}
      </Button>
    );
  }
  if (card.opens === 'page') {
    return saved ? (
      <Button component={Link} to={voiceHref} variant="light" aria-label={`Open ${card.label}`}>
        Open
      </Button>
    ) : (
      <Button variant="light" disabled aria-label={`Open ${card.label}`}>
        Open
      </Button>
    );
  }
  return (
    <Button variant={active ? 'light' : 'filled'} disabled={!saved} onClick={onOpen} aria-label={`${active ? 'Configure' : 'Connect'} ${card.label}`}>
      {active ? 'Configure' : 'Connect'}
    </Button>
  );
}

function SmartInitSetting({ agentId, value, disabled }: { agentId: string; value: boolean; disabled: boolean }) {
  const { save, saving } = useSaveAgent(agentId);
  async function change(next: boolean) {
    updateAgentDraft(agentId, (d) => ({ ...d, smartInit: next }));
    // The toggle is saved at once, through the agent's own save.
    if (await save()) toast('Channel settings saved', true, TOAST_MS.default);
  }
  return (
    <SectionCard title="Channel Settings" landmark={false} gap="xs">
      <Switch
        label="Smart Initialization"
        description="On: the agent reads the first message and replies in context. Off: it always starts with the same launch message."
        checked={value}
        disabled={disabled || saving}
        onChange={(e) => void change(e.currentTarget.checked)}
      />
    </SectionCard>
  );
}

export default function ChannelsPage() {
  return <ChannelCards />;
}

function ChannelCards() {
  const { agentId = '' } = useParams();
  const { region } = useCurrentWorkspace();
  const entry = useAgentDraft(agentId);
  const [search, setSearch] = useSearchParams();
  const requested = search.get('channel');
  const [open, setOpen] = useState<ModalChannel | null>(requested && isModalChannel(requested) ? requested : null);
  const saved = typeof entry?.saved.lastModified === 'number' && entry.saved.lastModified > 0;
  const connections = useQuery({ queryKey: channelKeys.connections(region, agentId), queryFn: () => fetchConnections(region, agentId), enabled: saved });
  // Voice is Active with a number or web calling; a platform without voice set up simply leaves it inactive.
  const voice = useQuery({ ...agentVoiceQuery(region, agentId), enabled: saved, retry: false });
  const viewed = useRef(false);

  useEffect(() => {
    if (viewed.current || !agentId) return;
    viewed.current = true;
    trackChannelsEvent(ANALYTICS_EVENTS.channelsViewed, { agentId });
  }, [agentId]);

  useEffect(() => {
    if (requested && isModalChannel(requested)) setOpen(requested);
  }, [requested]);

  function close() {
    setOpen(null);
    if (search.has('channel')) {
      search.delete('channel');
      setSearch(search, { replace: true });
    }
  }

  if (!entry) return null;
  const active = connectedChannels(connections.data ?? [], entry.saved);
  if (isVoiceChannelActive(voice.data)) active.add('voice');

  return (
    <Stack p="md" gap="md" maw={1100}>
      <Title order={1} size="h2">
        Channels
      </Title>
      {!saved ? (
        <Alert color="yellow" role="status">
          Save your agent first: channels become available once the agent has been saved.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="list" aria-label="Channels">
        {CHANNEL_CARDS.map((card) => {
          const isActive = active.has(card.key);
          return (
            <Card key={card.key} withBorder padding="lg" role="listitem" aria-label={card.label} aria-disabled={card.disabled || !saved ? 'true' : undefined}>
              <Stack gap="xs" h="100%" justify="space-between">
                <Stack gap={4}>
                  <Group justify="space-between">
                    <Text fw={600}>{card.label}</Text>
                    {isActive ? <Badge color="green">Active</Badge> : null}
                    {card.disabled === 'deprecated' ? <Badge color="gray">Deprecated</Badge> : null}
                    {card.disabled === 'coming-soon' ? <Badge color="gray">Coming soon</Badge> : null}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {card.description}
                  </Text>
                </Stack>
                <CardAction
                  card={card}
                  active={isActive}
                  saved={saved}
                  voiceHref={routes.agentVoiceChannel(region, agentId)}
                  onOpen={() => isModalChannel(card.key) && setOpen(card.key)}
                />
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <SmartInitSetting agentId={agentId} value={!!entry.draft.smartInit} disabled={!saved} />
      <ChannelDialog agentId={agentId} channel={saved ? open : null} onClose={close} />
    </Stack>
  );
}
