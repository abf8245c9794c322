// /app/{region}/agents/{agentId}/nodes — Prompt (simple view): the agent's instructions in one place (system and init
// prompt with their token counts, launch messages, model with its credit rate, temperature, max tokens) and the switch
// that turns the multi-step flow on. Every field edits the agent's draft; Save and Publish send it.
import { Alert, Anchor, Card, Group, NumberInput, Stack, Switch, Textarea, Title } from '@mantine/core';
import { routes, VG_MAX_TOKENS_CAP, VG_MAX_TOKENS_DEFAULT, VG_TEMPERATURE_DEFAULT } from '@parley/core';
import type { ComponentType } from 'react';
import { Link, useParams } from 'react-router-dom';
import { updateAgentDraft, useAgentDraft } from '../../lib/agent-draft';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { setNodesEnabled } from './flow-draft';
import { ModelSelect } from './ModelSelect';
import { TokenCountedTextarea } from './TokenCountedTextarea';

/** The agent page's Save with its unsaved-changes badge, supplied by the app (features do not import each other). */
export type SaveBarComponent = ComponentType<{ agentId: string }>;

/** Launch messages as stored (strings, or { role, content } in older agents) to one line each. */
export function launchMessageLines(stored: unknown): string[] {
  if (!Array.isArray(stored)) return [];
  return stored.map((m) => (typeof m === 'string' ? m : String((m as { content?: unknown }).content ?? '')));
}

export default function PromptPage({ SaveBar }: { SaveBar?: SaveBarComponent }) {
  const { agentId = '' } = useParams();
  const { region } = useCurrentWorkspace();
  const entry = useAgentDraft(agentId);
  if (!entry) return null;
  const agent = entry.draft;
  const set = (patch: Record<string, unknown>) => updateAgentDraft(agentId, (d) => ({ ...d, ...patch }));
  const str = (key: string) => (typeof agent[key] === 'string' ? (agent[key] as string) : '');
  const num = (key: string, fallback: number) => (typeof agent[key] === 'number' ? (agent[key] as number) : fallback);
  const launch = launchMessageLines(agent.vg_initMessages);
  const nodesOn = agent.enableNodes === true;

  return (
    <Stack p="md" gap="md" maw={980}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Prompt
        </Title>
        {SaveBar ? <SaveBar agentId={agentId} /> : null}
      </Group>
      <Card withBorder padding="lg" component="section" aria-label="Conversation mode">
        <Switch
          label="Multi-step flow"
          description="Design the conversation as steps on the Canvas, each with its own instructions and tools. Off: the agent answers every message under the prompt below."
          checked={nodesOn}
          onChange={(e) => setNodesEnabled(agentId, e.currentTarget.checked)}
        />
        {nodesOn && (
          <Alert mt="sm" color="blue" variant="light">
            This agent follows its flow. The system prompt below is the flow's global instructions; each step adds its own on the{' '}
            <Anchor component={Link} to={routes.agent(region, agentId, 'prompt')}>
              Canvas
            </Anchor>
            .
          </Alert>
        )}
      </Card>
      <Card withBorder padding="lg" component="section" aria-label="Instructions">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Instructions
          </Title>
          <TokenCountedTextarea
            label="System prompt"
            description="Who the agent is and how it answers."
            minRows={6}
            maxRows={20}
            value={str('vg_systemPrompt')}
            onChange={(e) => set({ vg_systemPrompt: e.currentTarget.value })}
          />
          <TokenCountedTextarea
            label="Init prompt"
            description="How the agent opens the conversation when smart init is on."
            minRows={2}
            value={str('vg_initPrompt')}
            onChange={(e) => set({ vg_initPrompt: e.currentTarget.value })}
          />
          <Textarea
            label="Launch messages"
            description="One message per line, sent when the chat opens."
            autosize
            minRows={2}
            value={launch.join('\n')}
            onChange={(e) => set({ vg_initMessages: e.currentTarget.value.split('\n') })}
            onBlur={() => set({ vg_initMessages: launch.map((m) => m.trim()).filter(Boolean) })}
          />
        </Stack>
      </Card>
      <Card withBorder padding="lg" component="section" aria-label="Language model">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Language model
          </Title>
          <ModelSelect value={str('vg_defaultModel') || undefined} onChange={(vg_defaultModel) => set({ vg_defaultModel })} />
          <NumberInput
            label="Temperature"
            description="0 answers the same way every time; higher values vary more (up to 2)."
            min={0}
            max={2}
            step={0.1}
            decimalScale={2}
            value={num('vg_temperature', VG_TEMPERATURE_DEFAULT)}
            onChange={(v) => set({ vg_temperature: Math.min(2, Math.max(0, Number(v) || 0)) })}
          />
          <NumberInput
            label="Max tokens"
            description={`Longest reply in tokens (at most ${VG_MAX_TOKENS_CAP}).`}
            min={1}
            max={VG_MAX_TOKENS_CAP}
            step={64}
            value={num('vg_maxTokens', VG_MAX_TOKENS_DEFAULT)}
            onChange={(v) => set({ vg_maxTokens: Math.min(VG_MAX_TOKENS_CAP, Math.max(1, Math.floor(Number(v) || 1))) })}
          />
        </Stack>
      </Card>
    </Stack>
  );
}
