// The flow check a publish runs, on the dashboard before it sends and on the server before it stores: an agent
// with nodes enabled is published only when its flow has no problem.
import { flowProblemMessages } from './checks';
import { flowNodesSchema } from './schema';

/** The heading of a refused publish (the dashboard's notice title). */
export const FLOW_REFUSED_TITLE = 'The flow cannot be published yet';
/** The refusal's first line; the problems follow, one per line. */
export const FLOW_REFUSED_PREFIX = `${FLOW_REFUSED_TITLE}:`;

/**
 * Why the agent's flow may not be published, one sentence per problem; empty when nodes are off or the flow is
 * sound. Nodes that do not fit the node model are named by their position in the list.
 */
export function agentFlowProblems(agent: { enableNodes?: unknown; nodes?: unknown }): string[] {
  if (agent.enableNodes !== true) return [];
  const parsed = flowNodesSchema.safeParse(agent.nodes ?? []);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => {
      const [index, ...field] = issue.path;
      const where = typeof index === 'number' ? `Node ${index + 1}${field.length ? ` (${field.join('.')})` : ''}` : 'The flow';
      return `${where}: ${issue.message}`;
    });
  }
  return flowProblemMessages(parsed.data);
}

/** The refusal's text: the prefix, then one problem per line. */
export const flowRefusalMessage = (problems: readonly string[]): string => [FLOW_REFUSED_PREFIX, ...problems].join('\n');
