// The node editor: the flow on a React Flow canvas (add, connect, move, delete, pan and zoom, auto-layout, undo and
// redo) with the inspector beside it and the publish problems beneath. Every edit is written to the agent's draft at
// once; the undo history lives beside the draft (flow-history.ts).
import { Alert, Box, Button, Group, List, Paper, Stack } from '@mantine/core';
import {
  canConnect, connectNodes, flowProblems, freeSpot, layoutFlow, moveFlowNodes, newFlowNode, removeFlowEdge, removeFlowNodes,
  type FlowNode, type FlowNodeType, type FlowPosition,
} from '@parley/core';
import {
  applyNodeChanges, Background, MarkerType, MiniMap, ReactFlow, useReactFlow, type Connection, type EdgeChange, type NodeChange, type OnDelete,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { updateAgentDraft } from '../../../lib/agent-draft';
import { writeDraftFlow } from '../flow-draft';
import { flowHistoryOf } from './flow-history';
import { canvasNodeTypes } from './FlowNodeViews';
import { NodeInspector, type CanvasSelection, type ToolChoice } from './NodeInspector';
import { toCanvasEdges, toCanvasNodes, type CanvasEdge, type CanvasEdgeData, type CanvasNode } from './react-flow-model';

const ARIA_LABELS = {
  'node.a11yDescription.default': 'Press Enter or Space to select this node and edit it beside the canvas. Press Delete to remove it.',
  'node.a11yDescription.keyboardDisabled': 'Press Enter or Space to select this node, then the arrow keys to move it. Press Delete to remove it.',
  'edge.a11yDescription.default': 'Press Enter or Space to select this path and edit its condition beside the canvas. Press Delete to remove it.',
  'minimap.ariaLabel': 'Overview of the whole flow',
};

const ADDABLE: { type: Exclude<FlowNodeType, 'start'>; label: string }[] = [
  { type: 'default', label: 'Add step' },
  { type: 'end', label: 'Add end' },
  { type: 'note', label: 'Add note' },
];

export interface FlowEditorProps {
  agentId: string;
  nodes: FlowNode[];
  systemPrompt: string;
  tools: readonly ToolChoice[];
}

export function FlowEditor({ agentId, nodes, systemPrompt, tools }: FlowEditorProps) {
  const history = flowHistoryOf(agentId);
  const [, historyChanged] = useReducer((n: number) => n + 1, 0);
  const [selection, setSelection] = useState<CanvasSelection>(null);
  const lastField = useRef<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const flowApi = useReactFlow();

  const problems = useMemo(() => flowProblems(nodes), [nodes]);
  const problemNodes = useMemo(() => new Set(problems.flatMap((p) => (p.nodeId ? [p.nodeId] : []))), [problems]);
  const selectedNode = selection?.kind === 'node' ? selection.id : null;
  const selectedEdge = selection?.kind === 'edge' ? `${selection.source}:${selection.edgeId ?? 'next'}` : null;
  const [canvasNodes, setCanvasNodes] = useState<CanvasNode[]>(() => toCanvasNodes(nodes, [], problemNodes, selectedNode));
  useEffect(() => setCanvasNodes((drawn) => toCanvasNodes(nodes, drawn, problemNodes, selectedNode)), [nodes, problemNodes, selectedNode]);
  const canvasEdges = useMemo(() => toCanvasEdges(nodes, selectedEdge), [nodes, selectedEdge]);

  /** One edit: recorded for undo (a run of keystrokes in one field counts once), then written to the draft. */
  function edit(next: FlowNode[], field?: string) {
    if (!field || field !== lastField.current) history.record(nodes);
    lastField.current = field ?? null;
    writeDraftFlow(agentId, next);
    historyChanged();
  }
  function travel(direction: 'undo' | 'redo') {
    const next = direction === 'undo' ? history.undo(nodes) : history.redo(nodes);
    if (!next) return;
    lastField.current = null;
    writeDraftFlow(agentId, next);
    historyChanged();
  }

  function add(type: FlowNodeType) {
    const box = frame.current?.getBoundingClientRect();
    const centre = box ? flowApi.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 }) : { x: 0, y: 0 };
    // In the middle of the view, or the nearest spot where it covers no other node.
    const node = newFlowNode(type, freeSpot(nodes, { x: Math.round(centre.x - 110), y: Math.round(centre.y - 55) }));
    edit([...nodes, node]);
    setSelection({ kind: 'node', id: node.id });
  }

  function autoLayout() {
    edit(moveFlowNodes(nodes, layoutFlow(nodes)));
    requestAnimationFrame(() => void flowApi.fitView({ padding: 0.2 }));
  }

  function onNodesChange(changes: NodeChange<CanvasNode>[]) {
    setCanvasNodes((drawn) => applyNodeChanges(changes, drawn));
    const chosen = changes.find((c) => c.type === 'select' && c.selected);
    if (chosen && 'id' in chosen) setSelection({ kind: 'node', id: chosen.id });
    // A drag that ended, or a move by the arrow keys: the new place is an edit.
    const moved = new Map<string, FlowPosition>();
    for (const c of changes) if (c.type === 'position' && !c.dragging && c.position) moved.set(c.id, c.position);
    if (moved.size > 0) edit(moveFlowNodes(nodes, moved));
  }

  function onEdgesChange(changes: EdgeChange<CanvasEdge>[]) {
    const chosen = changes.find((c) => c.type === 'select' && c.selected);
    const edge = chosen && 'id' in chosen ? canvasEdges.find((e) => e.id === chosen.id) : undefined;
    if (edge?.data) setSelection({ kind: 'edge', source: edge.data.source, edgeId: edge.data.edgeId });
  }

  const onDelete: OnDelete<CanvasNode, CanvasEdge> = ({ nodes: gone, edges }) => {
    let next = removeFlowNodes(nodes, gone.map((n) => n.id));
    for (const e of edges) if (e.data) next = removeFlowEdge(next, (e.data as CanvasEdgeData).source, (e.data as CanvasEdgeData).edgeId);
    edit(next);
    setSelection(null);
  };

  function onConnect(connection: Connection) {
    edit(connectNodes(nodes, connection.source, connection.target));
    setSelection({ kind: 'node', id: connection.source });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // In a text field the browser's own undo applies; elsewhere Ctrl/⌘+Z undoes the last edit of the flow.
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, [contenteditable="true"]') || !(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' || key === 'y') {
      event.preventDefault();
      travel(key === 'y' || event.shiftKey ? 'redo' : 'undo');
    }
  }

  const hasStart = nodes.some((n) => n.type === 'start');
  return (
    <Stack gap="sm" onKeyDown={onKeyDown}>
      <Group gap="xs" role="toolbar" aria-label="Canvas tools">
        {!hasStart && (
          <Button size="xs" variant="light" onClick={() => add('start')}>
            Add start
          </Button>
        )}
        {ADDABLE.map((a) => (
          <Button key={a.type} size="xs" variant="light" onClick={() => add(a.type)}>
            {a.label}
          </Button>
        ))}
        <Button size="xs" variant="default" onClick={autoLayout}>
          Auto-layout
        </Button>
        <Button size="xs" variant="default" onClick={() => travel('undo')} disabled={!history.canUndo} aria-keyshortcuts="Control+Z">
          Undo
        </Button>
        <Button size="xs" variant="default" onClick={() => travel('redo')} disabled={!history.canRedo} aria-keyshortcuts="Control+Shift+Z">
          Redo
        </Button>
        <Button size="xs" variant="default" onClick={() => void flowApi.zoomIn()}>
          Zoom in
        </Button>
        <Button size="xs" variant="default" onClick={() => void flowApi.zoomOut()}>
          Zoom out
        </Button>
        <Button size="xs" variant="default" onClick={() => void flowApi.fitView({ padding: 0.2 })}>
          Fit to screen
        </Button>
      </Group>
      <Group align="stretch" gap="sm" wrap="nowrap">
        <Box ref={frame} h={600} style={{ flex: 1, minWidth: 0, border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }} aria-label="Flow canvas" role="region">
          <ReactFlow<CanvasNode, CanvasEdge>
            nodes={canvasNodes}
            edges={canvasEdges}
            nodeTypes={canvasNodeTypes}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onDelete={onDelete}
            onConnect={onConnect}
            isValidConnection={(c) => canConnect(nodes, c.source, c.target)}
            onPaneClick={() => setSelection(null)}
            ariaLabelConfig={ARIA_LABELS}
            fitView
            fitViewOptions={{ padding: 0.2 }}
            minZoom={0.2}
            defaultEdgeOptions={{ markerEnd: { type: MarkerType.ArrowClosed } }}
          >
            <Background />
            <MiniMap pannable zoomable />
          </ReactFlow>
        </Box>
        <Paper withBorder p="md" w={340} component="aside" aria-label="Inspector" style={{ flexShrink: 0, overflowY: 'auto', maxHeight: 600 }}>
          <NodeInspector
            nodes={nodes}
            selection={selection}
            onChange={edit}
            onSelect={setSelection}
            systemPrompt={systemPrompt}
            onSystemPrompt={(text) => updateAgentDraft(agentId, (d) => ({ ...d, vg_systemPrompt: text }))}
            tools={tools}
          />
        </Paper>
      </Group>
      {problems.length > 0 ? (
        <Alert color="yellow" title="Before you publish" role="region" aria-label="Before you publish">
          <List size="sm" spacing={4}>
            {problems.map((p, i) => (
              <List.Item key={`${p.nodeId ?? ''}:${p.edgeId ?? ''}:${i}`}>{p.message}</List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Alert color="green" role="status">
          The flow is ready to publish.
        </Alert>
      )}
    </Stack>
  );
}
