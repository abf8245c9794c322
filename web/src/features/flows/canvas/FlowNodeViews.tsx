// How each kind of node looks on the canvas: a card with its kind, its name and the start of its text; paths leave
// from the right and arrive on the left. A node with a publish problem has a red border.
import { Badge, Paper, Stack, Text } from '@mantine/core';
import { Handle, Position, type NodeProps, type NodeTypes } from '@xyflow/react';
import type { ReactNode } from 'react';
import { CANVAS_NODE_TYPES, type CanvasNode } from './react-flow-model';

const WIDTH = 220;

function Card({ kind, color, selected, hasProblem, title, text, children }: { kind: string; color: string; selected: boolean; hasProblem: boolean; title?: string; text: string; children?: ReactNode }) {
  const border = hasProblem ? 'var(--mantine-color-red-7)' : selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)';
  return (
    <Paper withBorder shadow={selected ? 'md' : 'xs'} p="xs" w={WIDTH} style={{ borderColor: border, borderWidth: hasProblem || selected ? 2 : 1 }}>
      <Stack gap={4}>
        <Badge size="xs" variant="light" color={color} w="fit-content">
          {kind}
        </Badge>
        {title ? (
          <Text size="sm" fw={600} lineClamp={2}>
            {title}
          </Text>
        ) : null}
        <Text size="xs" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
          {text}
        </Text>
      </Stack>
      {children}
    </Paper>
  );
}

function StartView({ data, selected }: NodeProps<CanvasNode>) {
  return (
    <Card kind="Start" color="green" selected={selected} hasProblem={data.hasProblem} text="Every conversation begins here, under the global instructions.">
      <Handle type="source" position={Position.Right} />
    </Card>
  );
}

function StepView({ data, selected }: NodeProps<CanvasNode>) {
  const node = data.node;
  const instructions = node.type === 'default' ? node.instructions.trim() : '';
  return (
    <Card kind="Step" color="blue" selected={selected} hasProblem={data.hasProblem} title={data.label} text={instructions || 'No instructions yet.'}>
      <Handle type="target" position={Position.Left} />
      <Handle type="source" position={Position.Right} />
    </Card>
  );
}

function EndView({ data, selected }: NodeProps<CanvasNode>) {
  const node = data.node;
  const message = node.type === 'end' ? node.message.trim() : '';
  return (
    <Card kind="End" color="grape" selected={selected} hasProblem={data.hasProblem} title={data.label} text={message || 'No closing message yet.'}>
      <Handle type="target" position={Position.Left} />
    </Card>
  );
}

function NoteView({ data, selected }: NodeProps<CanvasNode>) {
  const node = data.node;
  const text = node.type === 'note' ? node.text.trim() : '';
  return <Card kind="Note" color="yellow" selected={selected} hasProblem={false} text={text || 'An empty note.'} />;
}

export const canvasNodeTypes: NodeTypes = {
  [CANVAS_NODE_TYPES.start]: StartView,
  [CANVAS_NODE_TYPES.default]: StepView,
  [CANVAS_NODE_TYPES.end]: EndView,
  [CANVAS_NODE_TYPES.note]: NoteView,
};
