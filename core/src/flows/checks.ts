// The checks a flow passes before it is published, each problem named in plain words: one start node, every
// node reachable from it, every step able to reach an end, no path leading nowhere and no path without a condition.
// Notes are outside the conversation: they are neither checked nor reachable.
import type { FlowNode } from './schema';

export interface FlowProblem {
  /** The node the problem is about (to highlight it), when there is one. */
  nodeId?: string;
  /** The edge the problem is about, with the node it leaves. */
  edgeId?: string;
  message: string;
}

const TYPE_LABELS: Record<FlowNode['type'], string> = { start: 'Start', note: 'Note', default: 'Untitled step', end: 'End' };

/** How a node is named to the user: its name, else what it is. */
export function flowNodeLabel(node: FlowNode): string {
  const name = 'name' in node ? node.name.trim() : '';
  return name || TYPE_LABELS[node.type];
}

/** How the user is told about a node: 'the step "confirm"', 'the end "Goodbye"', 'the start'. */
function describe(node: FlowNode): string {
  if (node.type === 'start') return 'the start';
  return `the ${node.type === 'end' ? 'end' : 'step'} "${flowNodeLabel(node)}"`;
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The nodes a node leads to (targets that exist or not). */
export function flowTargets(node: FlowNode): string[] {
  if (node.type === 'start') return node.next ? [node.next] : [];
  if (node.type === 'default') return node.edges.map((e) => e.target);
  return [];
}

/** Every node reachable from `from` along edges that lead to existing conversation nodes (notes excluded). */
function reachableFrom(from: readonly string[], byId: ReadonlyMap<string, FlowNode>, next: (node: FlowNode) => string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...from];
  while (queue.length > 0) {
    const id = queue.shift()!;
    const node = byId.get(id);
    if (!node || node.type === 'note' || seen.has(id)) continue;
    seen.add(id);
    queue.push(...next(node));
  }
  return seen;
}

function pathProblems(node: FlowNode, byId: ReadonlyMap<string, FlowNode>): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const from = describe(node);
  const check = (target: string, edgeId?: string) => {
    const to = byId.get(target);
    const at = { nodeId: node.id, ...(edgeId ? { edgeId } : {}) };
    if (!to) problems.push({ ...at, message: `${capitalise(from)} has a path that leads to a node that no longer exists. Delete the path or connect it again.` });
    else if (to.type === 'note') problems.push({ ...at, message: `${capitalise(from)} has a path into a note. Notes are not part of the conversation: connect the path to a step or an end.` });
    else if (to.type === 'start') problems.push({ ...at, message: `${capitalise(from)} has a path back to the start. Connect it to a step or an end instead.` });
    return to;
  };
  if (node.type === 'start' && node.next) check(node.next);
  if (node.type === 'default') {
    for (const edge of node.edges) {
      const to = check(edge.target, edge.id);
      if (edge.condition.trim() === '') {
        const toText = to && to.type !== 'note' && to.type !== 'start' ? ` to ${describe(to)}` : '';
        const how = edge.match === 'keyword' ? 'Type the keyword that takes it.' : 'Describe when to take it.';
        problems.push({ nodeId: node.id, edgeId: edge.id, message: `The path from ${describe(node)}${toText} has no ${edge.match === 'keyword' ? 'keyword' : 'condition'}. ${how}` });
      }
    }
  }
  return problems;
}

/** Every problem that stops a flow from being published, in the order of the nodes; empty when it may be. */
export function flowProblems(nodes: readonly FlowNode[]): FlowProblem[] {
  const byId = new Map(nodes.map((n) => [n.id, n] as const));
  const starts = nodes.filter((n) => n.type === 'start');
  if (starts.length === 0) return [{ message: 'The flow has no start node. Add one where the conversation begins.' }];
  if (starts.length > 1) return [{ nodeId: starts[1]!.id, message: 'The flow has more than one start node. Keep only one.' }];

  const reached = reachableFrom([starts[0]!.id], byId, flowTargets);
  // Walking the edges backwards from every end finds the nodes that can still finish the conversation.
  const leadsTo = new Map<string, string[]>();
  for (const node of nodes) for (const target of flowTargets(node)) leadsTo.set(target, [...(leadsTo.get(target) ?? []), node.id]);
  const ends = nodes.filter((n) => n.type === 'end').map((n) => n.id);
  const finishing = reachableFrom(ends, byId, (node) => leadsTo.get(node.id) ?? []);

  const problems: FlowProblem[] = [];
  for (const node of nodes) {
    if (node.type === 'note') continue;
    if (node.type !== 'start' && !reached.has(node.id)) {
      problems.push({ nodeId: node.id, message: `${capitalise(describe(node))} cannot be reached from the start. Connect a path to it, or delete it.` });
    }
    if (node.type === 'default' && !finishing.has(node.id)) {
      problems.push({ nodeId: node.id, message: `${capitalise(describe(node))} never leads to an end. Add a path from it towards an end node.` });
    }
    problems.push(...pathProblems(node, byId));
  }
  return problems;
}

/** The problems' sentences, one per problem. */
export function flowProblemMessages(nodes: readonly FlowNode[]): string[] {
  return flowProblems(nodes).map((p) => p.message);
}
