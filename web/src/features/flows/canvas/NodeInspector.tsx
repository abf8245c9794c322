// The inspector beside the canvas: the selected node's fields (a step's name, instructions, tools and paths; the
// start's global instructions and first step; an end's closing message; a note's text) or the selected path's
// condition. Every change goes back through `onChange` as a new flow.
import { ActionIcon, Button, Group, MultiSelect, SegmentedControl, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  connectNodes, flowNodeLabel, removeFlowEdge, removeFlowNodes, updateFlowEdge, updateFlowNode, type DefaultNode, type FlowEdge, type FlowNode,
  type FlowNodeFields,
} from '@parley/core';
import type { ReactNode } from 'react';
import { TokenCountedTextarea } from '../TokenCountedTextarea';

/** A workspace tool a step may use. */
export interface ToolChoice {
  id: string;
  name: string;
}

export type CanvasSelection = { kind: 'node'; id: string } | { kind: 'edge'; source: string; edgeId: string | null } | null;

export interface InspectorProps {
  nodes: FlowNode[];
  selection: CanvasSelection;
  /** A new flow; `field` names a text being typed, so its keystrokes undo as one edit. */
  onChange(nodes: FlowNode[], field?: string): void;
  onSelect(selection: CanvasSelection): void;
  systemPrompt: string;
  onSystemPrompt(text: string): void;
  tools: readonly ToolChoice[];
}

const quoted = (node: FlowNode | undefined, fallback: string) => (node ? `"${flowNodeLabel(node)}"` : fallback);

/** The targets a node may get a new path to: steps and ends it has no path to yet. */
function newTargets(nodes: FlowNode[], from: FlowNode) {
  const taken = new Set(from.type === 'default' ? from.edges.map((e) => e.target) : []);
  return nodes
    .filter((n) => n.id !== from.id && (n.type === 'default' || n.type === 'end') && !taken.has(n.id))
    .map((n) => ({ value: n.id, label: `${n.type === 'end' ? 'End' : 'Step'}: ${flowNodeLabel(n)}` }));
}

function PathEditor({ nodes, source, edge, onChange, onDelete }: { nodes: FlowNode[]; source: DefaultNode; edge: FlowEdge; onChange: InspectorProps['onChange']; onDelete(): void }) {
  const to = quoted(nodes.find((n) => n.id === edge.target), 'a missing node');
  const keyword = edge.match === 'keyword';
  return (
    <Stack gap={4} p="xs" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          To {to}
        </Text>
        <ActionIcon variant="subtle" color="red" aria-label={`Delete the path to ${to}`} onClick={onDelete}>
          ×
        </ActionIcon>
      </Group>
      <SegmentedControl
        size="xs"
        aria-label={`How the path to ${to} is chosen`}
        value={edge.match}
        onChange={(v) => onChange(updateFlowEdge(nodes, source.id, edge.id, { match: v as FlowEdge['match'] }))}
        data={[
          { value: 'condition', label: 'Condition' },
          { value: 'keyword', label: 'Keyword' },
        ]}
      />
      <TextInput
        label={keyword ? `Keyword for the path to ${to}` : `Condition for the path to ${to}`}
        description={keyword ? 'Taken when the visitor’s message contains it.' : 'In plain words, e.g. “the visitor gave a date”.'}
        value={edge.condition}
        error={edge.condition.trim() ? undefined : keyword ? 'Type the keyword that takes this path.' : 'Describe when to take this path.'}
        onChange={(e) => onChange(updateFlowEdge(nodes, source.id, edge.id, { condition: e.currentTarget.value }), `edge:${source.id}:${edge.id}`)}
      />
    </Stack>
  );
}

/** A node's fields under its kind, with the button that deletes it (the start has none). */
function NodePanel({ title, onDelete, children }: { title: string; onDelete?: () => void; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h5">{title}</Title>
      {children}
      {onDelete ? <Button variant="light" color="red" onClick={onDelete}>Delete {title.toLowerCase()}</Button> : null}
    </Stack>
  );
}

export function NodeInspector({ nodes, selection, onChange, onSelect, systemPrompt, onSystemPrompt, tools }: InspectorProps) {
  if (!selection) {
    return (
      <Text size="sm" c="dimmed">
        Select a node or a path to edit it. Drag from a node’s right edge to another node to connect them.
      </Text>
    );
  }
  const sourceId = selection.kind === 'node' ? selection.id : selection.source;
  const node = nodes.find((n) => n.id === sourceId);
  if (!node) return null;
  const deleteNode = () => {
    onChange(removeFlowNodes(nodes, [node.id]));
    onSelect(null);
  };
  /** Edits one text field of the node; its keystrokes undo as one edit. */
  const text = (field: 'name' | 'text' | 'message' | 'instructions') => (value: string) => onChange(updateFlowNode(nodes, node.id, { [field]: value } as FlowNodeFields), `${field}:${node.id}`);

  if (selection.kind === 'edge') {
    const to = node.type === 'start' ? nodes.find((n) => n.id === node.next) : undefined;
    const edge = node.type === 'default' ? node.edges.find((e) => e.id === selection.edgeId) : undefined;
    return (
      <Stack gap="sm">
        <Title order={2} size="h5">Path from {quoted(node, 'Start')}</Title>
        {node.type === 'default' && edge ? (
          <PathEditor nodes={nodes} source={node} edge={edge} onChange={onChange} onDelete={() => { onChange(removeFlowEdge(nodes, node.id, edge.id)); onSelect(null); }} />
        ) : (
          <>
            <Text size="sm">Every conversation takes this path first, to {quoted(to, 'the first step')}.</Text>
            <Button variant="light" color="red" onClick={() => { onChange(removeFlowEdge(nodes, node.id, null)); onSelect(null); }}>Delete path</Button>
          </>
        )}
      </Stack>
    );
  }

  switch (node.type) {
    case 'start':
      return (
        <NodePanel title="Start">
          <TokenCountedTextarea label="Global instructions" description="Apply in every step; the same text as the system prompt on the Prompt page." minRows={4} value={systemPrompt} onText={onSystemPrompt} />
          <Select
            label="First step"
            placeholder="Choose the first step"
            data={nodes.filter((n) => n.type === 'default' || n.type === 'end').map((n) => ({ value: n.id, label: flowNodeLabel(n) }))}
            value={node.next}
            clearable
            onChange={(v) => onChange(v ? connectNodes(nodes, node.id, v) : removeFlowEdge(nodes, node.id, null))}
          />
        </NodePanel>
      );
    case 'note':
      return (
        <NodePanel title="Note" onDelete={deleteNode}>
          <Textarea label="Note" description="For the people editing this flow; the agent never reads it." autosize minRows={3} value={node.text} onChange={(e) => text('text')(e.currentTarget.value)} />
        </NodePanel>
      );
    case 'end':
      return (
        <NodePanel title="End" onDelete={deleteNode}>
          <TextInput label="End name" value={node.name} onChange={(e) => text('name')(e.currentTarget.value)} />
          <Textarea label="Closing message" description="Sent as the conversation ends." autosize minRows={2} value={node.message} onChange={(e) => text('message')(e.currentTarget.value)} />
        </NodePanel>
      );
    case 'default': {
      const toolData = [...tools.map((t) => ({ value: t.id, label: t.name })), ...node.toolIds.filter((id) => !tools.some((t) => t.id === id)).map((id) => ({ value: id, label: id }))];
      const targets = newTargets(nodes, node);
      return (
        <NodePanel title="Step" onDelete={deleteNode}>
          <TextInput label="Step name" placeholder="e.g. collect the date" value={node.name} onChange={(e) => text('name')(e.currentTarget.value)} />
          <TokenCountedTextarea label="Instructions" description="What the agent does in this step." value={node.instructions} onText={text('instructions')} />
          <MultiSelect
            label="Tools"
            description={tools.length ? 'The tools the agent may call in this step.' : 'Tools you create under Functions can be chosen here.'}
            data={toolData}
            value={node.toolIds}
            onChange={(toolIds) => onChange(updateFlowNode(nodes, node.id, { toolIds }))}
            disabled={toolData.length === 0}
          />
          <Title order={3} size="h6">Paths</Title>
          {node.edges.length === 0 ? <Text size="sm" c="dimmed">No path leaves this step yet.</Text> : null}
          {node.edges.map((edge) => (
            <PathEditor key={edge.id} nodes={nodes} source={node} edge={edge} onChange={onChange} onDelete={() => onChange(removeFlowEdge(nodes, node.id, edge.id))} />
          ))}
          <Select
            label="Add a path to"
            placeholder={targets.length ? 'Choose a step or an end' : 'No other step or end to connect'}
            data={targets}
            value={null}
            disabled={targets.length === 0}
            onChange={(v) => v && onChange(connectNodes(nodes, node.id, v))}
          />
        </NodePanel>
      );
    }
  }
}
