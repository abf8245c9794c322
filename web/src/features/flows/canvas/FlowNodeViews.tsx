// How each kind of node looks on the canvas: a card with its kind, its name and the start of its text; paths leave
// from the right and arrive on the left. A node with a publish problem has a red border.
import { Badge, Paper, Stack, Text } from '@mantine/core';
import { Handle, Position, type NodeProps, type NodeTypes } from '@xyflow/react';
import type { FlowNode } from '@parley/core';
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

interface ViewSpec {
  kind: string;
  color: string;
  /** Paths arrive on the left, leave on the right. */
  target: boolean;
  source: boolean;
  /** The text under the name, and what shows while it is empty. */
  text(node: FlowNode): string;
  empty: string;
  named: boolean;
}

function view({ kind, color, target, source, text, empty, named }: ViewSpec) {
  return function NodeView({ data, selected }: NodeProps<CanvasNode>) {
    const body = text(data.node).trim() || empty;
    return (
      <Card kind={kind} color={color} selected={selected} hasProblem={data.hasProblem} title={named ? data.label : undefined} text={body}>
        {target ? <Handle type="target" position={Position.Left} /> : null}
        {source ? <Handle type="source" position={Position.Right} /> : null}
      </Card>
    );
  };
}

export const canvasNodeTypes: NodeTypes = {
  [CANVAS_NODE_TYPES.start]: view({ kind: 'Start', color: 'green', target: false, source: true, named: false, text: () => '', empty: 'Every conversation begins here, under the global instructions.' }),
  [CANVAS_NODE_TYPES.default]: view({ kind: 'Step', color: 'blue', target: true, source: true, named: true, text: (n) => (n.type === 'default' ? n.instructions : ''), empty: 'No instructions yet.' }),
  [CANVAS_NODE_TYPES.end]: view({ kind: 'End', color: 'grape', target: true, source: false, named: true, text: (n) => (n.type === 'end' ? n.message : ''), empty: 'No closing message yet.' }),
  [CANVAS_NODE_TYPES.note]: view({ kind: 'Note', color: 'yellow', target: false, source: false, named: false, text: (n) => (n.type === 'note' ? n.text : ''), empty: 'An empty note.' }),
};
