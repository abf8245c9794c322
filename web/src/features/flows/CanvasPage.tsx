// /app/{region}/agents/{agentId}/prompt — Canvas (advanced view): the agent's multi-step flow in the node editor.
// This page and React Flow are a chunk of their own (the route table loads it when the Canvas opens).
import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { starterFlow } from '@parley/core';
import { ReactFlowProvider } from '@xyflow/react';
import { useParams } from 'react-router-dom';
import { useAgentDraft } from '../../lib/agent-draft';
import { FlowEditor } from './canvas/FlowEditor';
import type { ToolChoice } from './canvas/NodeInspector';
import { setNodesEnabled, useDraftFlow, writeDraftFlow } from './flow-draft';
import { PageHeader, type SaveBarComponent } from './PageHeader';

const NO_TOOLS: readonly ToolChoice[] = [];
const noTools = () => NO_TOOLS;

export interface CanvasPageProps {
  SaveBar?: SaveBarComponent;
  /** The workspace tools a step may use (the tools feature's hook, composed by the route table). */
  useTools?: (agentId: string) => readonly ToolChoice[];
}

export default function CanvasPage({ SaveBar, useTools = noTools }: CanvasPageProps) {
  const { agentId = '' } = useParams();
  const tools = useTools(agentId);
  const entry = useAgentDraft(agentId);
  const agent = entry?.draft ?? { ID: agentId };
  const flow = useDraftFlow(agent);
  if (!entry) return null;

  let body;
  if (agent.enableNodes !== true) {
    body = (
      <Card withBorder padding="lg">
        <Stack gap="sm" align="flex-start">
          <Text>The Canvas designs a conversation as steps, each with its own instructions, tools and paths to the next.</Text>
          <Button onClick={() => setNodesEnabled(agentId, true)}>Turn on multi-step flow</Button>
        </Stack>
      </Card>
    );
  } else if (!flow.ok) {
    body = (
      <Alert color="red" title="This flow cannot be opened">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">It was saved in a form the Canvas does not read ({flow.problem}). Start a new flow to replace it; publishing makes the change live.</Text>
          <Button size="xs" color="red" variant="light" onClick={() => writeDraftFlow(agentId, starterFlow())}>
            Start a new flow
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <ReactFlowProvider>
        <FlowEditor agentId={agentId} nodes={flow.nodes} systemPrompt={typeof agent.vg_systemPrompt === 'string' ? agent.vg_systemPrompt : ''} tools={tools} />
      </ReactFlowProvider>
    );
  }

  return (
    <Stack p="md" gap="md">
      <PageHeader title="Canvas" agentId={agentId} SaveBar={SaveBar} />
      {body}
    </Stack>
  );
}
