// One turn of a conversation that follows the agent's flow: it answers in the conversation's current step (stored on
// the conversation by the engine, never taken from the client), under the step's instructions and with the step's
// tools only, plus the built-in transition function whose one argument lists the steps the step's paths reach. A
// path taken moves the step at once: the next round of the same turn is asked in the new step. Reaching an end closes
// the answer with the end's message. The rules themselves are core's (flows/runtime.ts).
import {
  applyTransition, currentStep, flowNodeLabel, keywordPath, movedText, runnableFlow, stepPrompt, TRANSITION_TOOL_NAME, transitionFunction,
  type FlowNode, type FlowStop, type ToolCallRecord,
} from '@parley/core';
import type { OfferedTool, RoundOffer, ToolRun } from './tools-port';

const ARGUMENTS_RECORD_CHARS = 2000;

export interface FlowTurn {
  /** Moves made before the model was asked (a keyword path the visitor's message took), for the transcript. */
  readonly before: ToolCallRecord[];
  /** What each round offers; `systemFor` writes the system message around the step's section (none: no step). */
  offer(systemFor: (stepSection: string | undefined) => string): RoundOffer;
  /** The node the conversation is at now (stored with the answer). */
  at(): FlowStop;
}

/** Loads workspace tools by id (the tools feature, limited to the agent's workspace). */
export type StepToolsLoader = (toolIds: readonly string[]) => Promise<OfferedTool[]>;

const moveRecord = (args: string, to: FlowStop, why = ''): ToolCallRecord => ({
  name: TRANSITION_TOOL_NAME, arguments: args.slice(0, ARGUMENTS_RECORD_CHARS), ok: true, result: `${movedText(to)}${why}`, step: flowNodeLabel(to),
});

/**
 * The turn of an agent whose flow runs (runnableFlow), from the step stored on the conversation; null when the agent
 * has no runnable flow (it answers as a plain agent). `builtIn`: the engine's own tools (lead capture), offered in
 * every step beside the step's.
 */
export function startFlowTurn(
  agent: { enableNodes?: unknown; nodes?: unknown },
  storedStep: string | undefined,
  message: string,
  loadTools: StepToolsLoader,
  builtIn: readonly OfferedTool[] = [],
): FlowTurn | null {
  const nodes = runnableFlow(agent);
  const first = nodes ? currentStep(nodes, storedStep) : null;
  if (!nodes || !first) return null;
  let step: FlowStop = first;
  const before: ToolCallRecord[] = [];
  // A keyword path is the visitor's own choice: taken before the model is asked, so the answer is the new step's.
  const keyword = keywordPath(nodes, step, message);
  if (keyword) {
    step = keyword.to;
    before.push(moveRecord(JSON.stringify({ step: keyword.to.id }), keyword.to, ` (the message contains "${keyword.edge.condition.trim()}")`));
  }
  const transition: OfferedTool = {
    name: TRANSITION_TOOL_NAME,
    description: '',
    parameters: {},
    run: async (raw): Promise<ToolRun> => {
      const outcome = applyTransition(nodes, step, raw);
      if (!outcome.ok) {
        return { content: `Error: ${outcome.error}`, record: { name: TRANSITION_TOOL_NAME, arguments: raw.slice(0, ARGUMENTS_RECORD_CHARS), ok: false, result: outcome.error } };
      }
      step = outcome.to;
      return { content: `${movedText(step)}${step.type === 'default' ? ' Answer the visitor under its instructions.' : ''}`, record: moveRecord(raw, step) };
    },
  };
  // A step's tools are read once per turn, when the turn first answers in it.
  const loaded = new Map<string, Promise<OfferedTool[]>>();
  const toolsOf = (at: FlowNode & { type: 'default' }): Promise<OfferedTool[]> => {
    if (!loaded.has(at.id)) loaded.set(at.id, at.toolIds.length > 0 ? loadTools(at.toolIds) : Promise.resolve([]));
    return loaded.get(at.id)!;
  };
  return {
    before,
    at: () => step,
    offer: (systemFor) => async () => {
      if (step.type === 'end') {
        // The end's closing message ends the answer; an end without one lets the model say goodbye, with no tools.
        return step.message.trim() ? { tools: [], closing: step.message.trim() } : { tools: [], system: systemFor(undefined) };
      }
      const fn = transitionFunction(nodes, step);
      // The built-in transition keeps its name: a workspace tool of the same name is not offered in a flow.
      const own = [...(await toolsOf(step)), ...builtIn].filter((t) => t.name !== TRANSITION_TOOL_NAME);
      return { tools: fn ? [...own, { ...transition, description: fn.description, parameters: fn.parameters }] : own, system: systemFor(stepPrompt(nodes, step)) };
    },
  };
}

/** Whether any step of the agent's runnable flow has tools (the offline responder says it cannot run them). */
export function flowOffersTools(agent: { enableNodes?: unknown; nodes?: unknown }): boolean {
  return runnableFlow(agent)?.some((node) => node.type === 'default' && node.toolIds.length > 0) ?? false;
}

/** The longest step section a turn of the agent's flow can add to the system prompt ('' without a runnable flow). */
export function longestStepPrompt(agent: { enableNodes?: unknown; nodes?: unknown }): string {
  const nodes = runnableFlow(agent);
  if (!nodes) return '';
  return nodes.reduce((longest, node) => {
    const text = node.type === 'default' ? stepPrompt(nodes, node) : '';
    return text.length > longest.length ? text : longest;
  }, '');
}
