// Agent settings grouped by the ?tab= sub-tabs: core, ui, language, security, notifications, handoff,
// technical, analytics, advanced, integrations. Every field edits the local draft; Save posts it.
import { Anchor, Card, NumberInput, PasswordInput, SegmentedControl, Select, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_MESSAGES_LIMIT, DEFAULT_PROACTIVE_MESSAGE, MESSAGE_DELAY_MS_DEFAULT, PROACTIVE_MESSAGE_NONE, routes, SETTINGS_SUB_TABS,
  VG_MAX_CHUNK_SIZE_DEFAULT, validateMaxChunkSize, type Region,
} from '@parley/core';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { updateAgentDraft } from '../../lib/agent-draft';
import { agentKeys, type AgentDoc } from '../../lib/agents-data';
import { fetchLanguages, fetchSecretFlags } from './agent-builder-api';
import { AllowedDomainsField } from './AllowedDomainsField';
import { LeadCaptureFields } from './LeadCaptureFields';

export type SettingsSubTab = (typeof SETTINGS_SUB_TABS)[number];
const LABELS: Record<SettingsSubTab, string> = {
  core: 'Core', ui: 'UI', language: 'Language', security: 'Security', notifications: 'Notifications', handoff: 'Handoff',
  technical: 'Technical', analytics: 'Analytics', advanced: 'Advanced', integrations: 'Integrations',
};

export function useSettingsTab(): [SettingsSubTab, (tab: SettingsSubTab) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = (SETTINGS_SUB_TABS as readonly string[]).includes(raw ?? '') ? (raw as SettingsSubTab) : 'core';
  return [
    tab,
    (next) =>
      setParams((p) => {
        const copy = new URLSearchParams(p);
        copy.set('tab', next);
        return copy;
      }),
  ];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

export function SettingsForm({ agent, region }: { agent: AgentDoc; region: Region }) {
  const [tab, setTab] = useSettingsTab();
  const set = (patch: Record<string, unknown>) => updateAgentDraft(agent.ID, (d) => ({ ...d, ...patch }));
  const str = (key: string) => (typeof agent[key] === 'string' ? (agent[key] as string) : '');
  const bool = (key: string, fallback = false) => (typeof agent[key] === 'boolean' ? (agent[key] as boolean) : fallback);
  const num = (key: string, fallback: number) => (typeof agent[key] === 'number' ? (agent[key] as number) : fallback);
  const languages = useQuery({ queryKey: ['translate-languages'], queryFn: fetchLanguages, staleTime: Infinity, enabled: tab === 'language' });
  const secrets = useQuery({ queryKey: agentKeys.secrets(region, agent.ID), queryFn: () => fetchSecretFlags(region, agent.ID), enabled: tab === 'security' });
  const proactive = str('proactiveMessage');
  const vgOptions = (agent.vgOptions ?? {}) as { maxChunkSize?: number };
  const chunkSize = vgOptions.maxChunkSize ?? VG_MAX_CHUNK_SIZE_DEFAULT;

  const panels: Record<SettingsSubTab, ReactNode> = {
    core: (
      <Section title="Core">
        <TextInput label="Agent name" value={str('title')} onChange={(e) => set({ title: e.currentTarget.value })} />
        <Textarea label="Description" autosize minRows={2} value={str('description')} onChange={(e) => set({ description: e.currentTarget.value })} />
        <Text size="sm">
          The system prompt, launch messages and model are set in{' '}
          <Anchor component={Link} to={routes.agent(region, agent.ID, 'nodes')}>
            Prompt
          </Anchor>
          .
        </Text>
        <Switch label="Smart initialization" description="Reply to the first message in context instead of always sending the launch messages." checked={bool('smartInit')} onChange={(e) => set({ smartInit: e.currentTarget.checked })} />
        <LeadCaptureFields value={agent.collectLeads} onChange={(collectLeads) => set({ collectLeads })} />
      </Section>
    ),
    ui: (
      <Section title="UI">
        <Switch label="Proactive message" checked={proactive !== PROACTIVE_MESSAGE_NONE} onChange={(e) => set({ proactiveMessage: e.currentTarget.checked ? DEFAULT_PROACTIVE_MESSAGE : PROACTIVE_MESSAGE_NONE })} />
        {proactive !== PROACTIVE_MESSAGE_NONE && <TextInput label="Proactive message text" value={proactive} onChange={(e) => set({ proactiveMessage: e.currentTarget.value })} />}
        <NumberInput label="Message delay (ms)" min={0} step={100} value={num('messageDelayMS', MESSAGE_DELAY_MS_DEFAULT)} onChange={(v) => set({ messageDelayMS: Number(v) || 0 })} />
        <Switch label="Auto start widget" checked={bool('autoStartWidget')} onChange={(e) => set({ autoStartWidget: e.currentTarget.checked })} />
        <NumberInput label="Messages limit" description="Most visitor messages per conversation (0 = no limit)." min={0} value={num('messagesLimit', DEFAULT_MESSAGES_LIMIT)} onChange={(v) => set({ messagesLimit: Math.max(0, Math.floor(Number(v) || 0)) })} />
      </Section>
    ),
    language: (
      <Section title="Language">
        <Select
          label="Language"
          description="Automatic uses the visitor's browser language."
          searchable
          allowDeselect={false}
          value={str('lang') || 'automatic'}
          data={[{ value: 'automatic', label: 'Automatic' }, ...(languages.data ?? []).map((l) => ({ value: l.language, label: l.name }))]}
          onChange={(v) => v && set({ lang: v })}
        />
        {languages.isError && <Text size="sm" c="red">Could not load the language list.</Text>}
      </Section>
    ),
    security: (
      <Section title="Security">
        {agent.agentPlatform === 'vf' && (
          <PasswordInput
            label="Dialogue API key"
            description={secrets.data?.hasDialogueKey ? 'A key is saved. Enter a new one to replace it.' : 'Needed to test and run this agent.'}
            placeholder={secrets.data?.hasDialogueKey ? '••••••••' : 'VF.DM.…'}
            value={str('VF_DIALOGUE_API_KEY')}
            onChange={(e) => set({ VF_DIALOGUE_API_KEY: e.currentTarget.value })}
          />
        )}
        <AllowedDomainsField value={Array.isArray(agent.allowedDomains) ? agent.allowedDomains.filter((d): d is string => typeof d === 'string') : []} onChange={(allowedDomains) => set({ allowedDomains })} />
        <NumberInput label="Max tokens usage" description="Token budget for this agent (0 = none set)." min={0} step={1000} value={num('maxTokensUsage', 0)} onChange={(v) => set({ maxTokensUsage: Number(v) || 0 })} />
        {secrets.data?.agentSecret && (
          <PasswordInput label="Agent API secret" description="Bearer for this agent's REST API." value={secrets.data.agentSecret} readOnly />
        )}
      </Section>
    ),
    notifications: (
      <Section title="Notifications">
        <Text size="sm">
          Conversation notifications are chosen per client user in <Anchor component={Link} to={routes.clients(region)}>Clients</Anchor>. Chats are
          only kept when chat history is recorded.
        </Text>
        <Switch label="Record chat history" checked={bool('recordChatHistory', true)} onChange={(e) => set({ recordChatHistory: e.currentTarget.checked })} />
      </Section>
    ),
    handoff: (
      <Section title="Human handoff">
        <TextInput label="Handoff title" value={str('UIhandoffTitle')} onChange={(e) => set({ UIhandoffTitle: e.currentTarget.value })} />
        <TextInput label="Handoff subtitle" value={str('UIhandoffSubtitle')} onChange={(e) => set({ UIhandoffSubtitle: e.currentTarget.value })} />
        <Switch label="Always show handoff" checked={bool('alwaysShowHandoff')} onChange={(e) => set({ alwaysShowHandoff: e.currentTarget.checked })} />
      </Section>
    ),
    technical: (
      <Section title="Technical">
        <Switch label="Sync browser tabs" description="Keep the conversation in step across the visitor's open tabs." checked={bool('syncBrowser')} onChange={(e) => set({ syncBrowser: e.currentTarget.checked })} />
        <Switch label="Listen for URL changes" description="Re-evaluate the page when a single-page app changes its URL." checked={bool('listenForUrlChanges')} onChange={(e) => set({ listenForUrlChanges: e.currentTarget.checked })} />
        <NumberInput
          label="Max chunk size"
          description="Characters per knowledge-base chunk."
          min={0}
          step={100}
          value={chunkSize}
          error={validateMaxChunkSize(chunkSize) ?? undefined}
          onChange={(v) => set({ vgOptions: { ...vgOptions, maxChunkSize: Math.floor(Number(v) || 0) } })}
        />
      </Section>
    ),
    analytics: (
      <Section title="Analytics">
        <Switch label="Geo analytics" description="Record the visitor's country with each conversation." checked={bool('enableGeoAnalytics')} onChange={(e) => set({ enableGeoAnalytics: e.currentTarget.checked })} />
      </Section>
    ),
    advanced: (
      <Section title="Advanced">
        <Text size="sm">
          The model, temperature and longest reply are set in{' '}
          <Anchor component={Link} to={routes.agent(region, agent.ID, 'nodes')}>
            Prompt
          </Anchor>
          , beside the instructions they shape.
        </Text>
      </Section>
    ),
    integrations: (
      <Section title="Integrations">
        <TextInput label="Webhook URL" description="Conversation events are posted here." value={str('webhookUrl')} onChange={(e) => set({ webhookUrl: e.currentTarget.value })} />
        <Text size="sm">
          Messaging channels are connected in <Anchor component={Link} to={routes.agentChannels(region, agent.ID)}>Channels</Anchor>.
        </Text>
      </Section>
    ),
  };

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Settings sections"
        value={tab}
        onChange={(v) => setTab(v as SettingsSubTab)}
        data={SETTINGS_SUB_TABS.map((t) => ({ value: t, label: LABELS[t] }))}
        style={{ overflowX: 'auto' }}
      />
      {panels[tab]}
    </Stack>
  );
}
