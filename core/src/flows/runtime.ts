// How a conversation walks a published flow, as pure rules the engine applies: which step a conversation is at,
// what that step offers the model (its instructions, its tools, its paths as one transition function), and where a
// chosen path leads. The engine stores the step on the conversation; nothing here reads or writes storage.
import { flowNodeLabel, flowProblems } from './checks';
import { flowNodesSchema, type DefaultNode, type EndNode, type FlowEdge, type FlowNode } from './schema';

/** The built-in function the model calls to take a path out of the current step (the same name in every step). */
export const TRANSITION_TOOL_NAME = 'go_to_step';

/** A step the conversation can be at: a default node, or an end once the conversation has finished. */
export type FlowStop = DefaultNode | EndNode;

/** One path out of a step, as the model is told of it. */
export interface FlowPath {
  edge: FlowEdge;
  to: FlowStop;
}

/**
 * The flow the runtime runs: the agent's nodes when nodes are enabled, they fit the node model, pass the publish
 * checks and hold at least one step; otherwise null and the agent answers as a plain agent. A flow that fails the
 * checks never runs half-way (the agent save refuses one; this guards documents written before the checks).
 */
export function runnableFlow(agent: { enableNodes?: unknown; nodes?: unknown }): FlowNode[] | null {
  if (agent.enableNodes !== true) return null;
  const parsed = flowNodesSchema.safeParse(agent.nodes ?? []);
  if (!parsed.success || flowProblems(parsed.data).length > 0) return null;
  return firstStep(parsed.data) ? parsed.data : null;
}

function stopById(nodes: readonly FlowNode[], id: string | null | undefined): FlowStop | null {
  const node = id ? nodes.find((n) => n.id === id) : undefined;
  return node && (node.type === 'default' || node.type === 'end') ? node : null;
}

/** Where every conversation begins: the step the start node leads to. */
export function firstStep(nodes: readonly FlowNode[]): FlowStop | null {
  const start = nodes.find((n) => n.type === 'start');
  return start?.type === 'start' ? stopById(nodes, start.next) : null;
}

/**
 * The step a conversation answers in: the step stored on it, when that is still a step of the flow; otherwise (a new
 * conversation, a step deleted since, or a conversation that reached an end and is written to again) the first step.
 */
export function currentStep(nodes: readonly FlowNode[], stored: string | undefined): FlowStop | null {
  const at = stopById(nodes, stored);
  return at?.type === 'default' ? at : firstStep(nodes);
}

/** The paths out of a step, each with the step or end it leads to. */
export function stepPaths(nodes: readonly FlowNode[], step: FlowStop): FlowPath[] {
  if (step.type !== 'default') return [];
  return step.edges.flatMap((edge) => {
    const to = stopById(nodes, edge.target);
    return to ? [{ edge, to }] : [];
  });
}

const pathText = (path: FlowPath): string =>
  path.edge.match === 'keyword' ? `the visitor's message contains "${path.edge.condition.trim()}"` : path.edge.condition.trim();

/** What the model reads of the step in its system prompt: the step's name and instructions, and how to leave it. */
export function stepPrompt(nodes: readonly FlowNode[], step: DefaultNode): string {
  const paths = stepPaths(nodes, step);
  const lines = [`<step name="${flowNodeLabel(step)}">`, step.instructions.trim() || 'Help the visitor with this step.', '</step>'];
  if (paths.length > 0) {
    lines.push(`You are at this step of a conversation. When one of its paths applies, call ${TRANSITION_TOOL_NAME} with that path's step, then go on under the new step.`);
  }
  return lines.join('\n');
}

/** The transition function of a step (JSON Schema): its only argument is the next step, one of the step's paths. */
export function transitionFunction(nodes: readonly FlowNode[], step: DefaultNode): { name: string; description: string; parameters: Record<string, unknown> } | null {
  const paths = stepPaths(nodes, step);
  if (paths.length === 0) return null;
  // One choice per destination (two paths to the same step are one choice, their conditions joined).
  const choices = new Map<string, string[]>();
  for (const path of paths) choices.set(path.to.id, [...(choices.get(path.to.id) ?? []), pathText(path)]);
  return {
    name: TRANSITION_TOOL_NAME,
    description: `Move the conversation from the step "${flowNodeLabel(step)}" along one of its paths, when its condition is met.`,
    parameters: {
      type: 'object',
      properties: {
        step: {
          type: 'string',
          description: 'The step to move to.',
          anyOf: [...choices].map(([id, conditions]) => ({ const: id, description: `${labelOf(nodes, id)}: when ${conditions.join(', or when ')}` })),
        },
      },
      required: ['step'],
      additionalProperties: false,
    },
  };
}

function labelOf(nodes: readonly FlowNode[], id: string): string {
  const node = stopById(nodes, id);
  return node ? flowNodeLabel(node) : id;
}

export type TransitionOutcome = { ok: true; to: FlowStop } | { ok: false; error: string };

/**
 * Where the model's transition call leads: a step one of the current step's paths reaches. Anything else (bad JSON,
 * no step, a step the paths do not reach) is an error the model reads, naming the steps it may choose.
 */
export function applyTransition(nodes: readonly FlowNode[], step: FlowStop, rawArguments: string): TransitionOutcome {
  const paths = stepPaths(nodes, step);
  const allowed = [...new Set(paths.map((p) => p.to.id))];
  const choose = allowed.length > 0 ? `Choose one of: ${allowed.map((id) => `"${id}"`).join(', ')}.` : 'This step has no paths.';
  let chosen: unknown;
  try {
    chosen = (JSON.parse(rawArguments) as { step?: unknown } | null)?.step;
  } catch {
    return { ok: false, error: `The arguments are not valid JSON. ${choose}` };
  }
  if (typeof chosen !== 'string' || chosen.trim() === '') return { ok: false, error: `Say which step to move to. ${choose}` };
  const path = paths.find((p) => p.to.id === chosen.trim());
  if (!path) return { ok: false, error: `There is no path from the step "${flowNodeLabel(step)}" to "${chosen.slice(0, 64)}". ${choose}` };
  return { ok: true, to: path.to };
}

const normalise = (text: string): string => ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;

/** The first keyword path whose word or phrase the visitor's message contains (taken before the model is asked). */
export function keywordPath(nodes: readonly FlowNode[], step: FlowStop, message: string): FlowPath | null {
  const said = normalise(message);
  return stepPaths(nodes, step).find((p) => p.edge.match === 'keyword' && normalise(p.edge.condition).trim() !== '' && said.includes(normalise(p.edge.condition))) ?? null;
}

/** What the transcript and the model read once the conversation moved: the step it is at now. */
export function movedText(to: FlowStop): string {
  return to.type === 'end' ? `Moved to the end "${flowNodeLabel(to)}". The conversation is over.` : `Moved to the step "${flowNodeLabel(to)}".`;
}
