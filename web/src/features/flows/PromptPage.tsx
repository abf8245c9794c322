// /app/{region}/agents/{agentId}/nodes — Prompt (simple view): the agent's instructions in one place (system and init
// prompt with their token counts, launch messages, model with its credit rate, temperature, max tokens) and the switch
// that turns the multi-step flow on. Every field edits the agent's draft; Save and Publish send it.
import { Alert, Anchor, NumberInput, Stack, Switch, Textarea } from '@mantine/core';
import { VG_MAX_TOKENS_CAP, VG_MAX_TOKENS_DEFAULT, VG_TEMPERATURE_DEFAULT } from '@parley/core';
import { Link, useParams } from 'react-router-dom';
import { updateAgentDraft, useAgentDraft } from '../../lib/agent-draft';
import { SectionCard } from '../../ui/SectionCard';
import { setNodesEnabled } from './flow-draft';
import { ModelSelect } from './ModelSelect';
import { PageHeader, type SaveBarComponent } from './PageHeader';
import { TokenCountedTextarea } from './TokenCountedTextarea';

export type { SaveBarComponent };

/** A number field that keeps its value within [min, max] (whole numbers when `step` is 1 or more). */
function BoundedNumber({ label, description, min, max, step, value, onValue }: { label: string; description: string; min: number; max: number; step: number; value: number; onValue(v: number): void }) {
  const whole = step >= 1;
  const clamp = (v: number) => Math.min(max, Math.max(min, whole ? Math.floor(v) : v));
  return <NumberInput label={label} description={description} min={min} max={max} step={step} decimalScale={whole ? 0 : 2} value={value} onChange={(v) => onValue(clamp(Number(v) || min))} />;
}

/** Launch messages as stored (strings, or { role, content } in older agents) to one line each. */
export function launchMessageLines(stored: unknown): string[] {
  if (!Array.isArray(stored)) return [];
  return stored.map((m) => (typeof m === 'string' ? m : String((m as { content?: unknown }).content ?? '')));
}

export default function PromptPage({ SaveBar }: { SaveBar?: SaveBarComponent }) {
  const { agentId = '' } = useParams();
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
      <PageHeader title="Prompt" agentId={agentId} SaveBar={SaveBar} />
      <SectionCard title="Conversation mode">
        <Switch
          label="Multi-step flow"
          description="Design the conversation as steps on the Canvas, each with its own instructions and tools. Off: the agent answers every message under the prompt below."
          checked={nodesOn}
          onChange={(e) => setNodesEnabled(agentId, e.currentTarget.checked)}
        />
        {nodesOn && (
          <Alert color="blue" variant="light">
            This agent follows its flow. The system prompt below is the flow's global instructions; each step adds its own on the{' '}
            <Anchor component={Link} to="../prompt" relative="path">
              Canvas
            </Anchor>
            .
          </Alert>
        )}
      </SectionCard>
      <SectionCard title="Instructions">
        <TokenCountedTextarea label="System prompt" description="Who the agent is and how it answers." minRows={6} maxRows={20} value={str('vg_systemPrompt')} onText={(vg_systemPrompt) => set({ vg_systemPrompt })} />
        <TokenCountedTextarea label="Init prompt" description="How the agent opens the conversation when smart init is on." minRows={2} value={str('vg_initPrompt')} onText={(vg_initPrompt) => set({ vg_initPrompt })} />
        <Textarea
          label="Launch messages"
          description="One message per line, sent when the chat opens."
          autosize
          minRows={2}
          value={launch.join('\n')}
          onChange={(e) => set({ vg_initMessages: e.currentTarget.value.split('\n') })}
          onBlur={() => set({ vg_initMessages: launch.map((m) => m.trim()).filter(Boolean) })}
        />
      </SectionCard>
      <SectionCard title="Language model">
        <ModelSelect value={str('vg_defaultModel') || undefined} onChange={(vg_defaultModel) => set({ vg_defaultModel })} />
        <BoundedNumber label="Temperature" description="0 answers the same way every time; higher values vary more (up to 2)." min={0} max={2} step={0.1} value={num('vg_temperature', VG_TEMPERATURE_DEFAULT)} onValue={(vg_temperature) => set({ vg_temperature })} />
        <BoundedNumber label="Max tokens" description={`Longest reply in tokens (at most ${VG_MAX_TOKENS_CAP}).`} min={1} max={VG_MAX_TOKENS_CAP} step={64} value={num('vg_maxTokens', VG_MAX_TOKENS_DEFAULT)} onValue={(vg_maxTokens) => set({ vg_maxTokens })} />
      </SectionCard>
    </Stack>
  );
}
