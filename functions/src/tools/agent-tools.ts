// The engine's AgentToolsLoader: the agent's assignedToolsIds read in the agent's own region, each kept only if it
// is a tool of the agent's workspace (an id of another workspace's tool vouches for nothing), offered to the model
// with the JSON Schema of its fields. A call checks the model's arguments before anything is sent, then goes out
// through call-tool.ts; whatever happens becomes a result the model reads, and a record with no secret in it.
import { checkToolArguments, paths, redactSecret, storedToolSchema, toolParameters, type StoredTool } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import type { AgentToolsLoader, OfferedTool, ToolRun } from '../conversations';
import { callTool } from './call-tool';
import type { ToolCallLimits } from './deps';

/** What the model reads of an answer: enough for a reply, not a whole page. */
const RESULT_FOR_MODEL_CHARS = 8000;

/** One call of a tool as the engine makes it: arguments checked, the request sent, the answer read and recorded. */
export async function runTool(tool: StoredTool, secret: string | undefined, raw: string, limits: ToolCallLimits): Promise<ToolRun> {
  const args = redactSecret(raw, secret).slice(0, 2000);
  const checked = checkToolArguments(tool.fields, raw);
  if (!checked.ok) return { content: `Error: ${checked.error}`, record: { name: tool.name, arguments: args, ok: false, result: checked.error } };
  const outcome = await callTool(tool, secret, checked.args, limits);
  if (outcome.error !== undefined) {
    return { content: `Error: ${outcome.error}`, record: { name: tool.name, arguments: args, ok: false, result: outcome.error, timeMs: outcome.timeMs } };
  }
  const body = (outcome.body ?? '').slice(0, RESULT_FOR_MODEL_CHARS);
  const content = outcome.ok ? body : `Error: the tool answered with status ${outcome.status}.${body ? `\n${body}` : ''}`;
  return { content, record: { name: tool.name, arguments: args, ok: outcome.ok, status: outcome.status, result: body, timeMs: outcome.timeMs } };
}

/** Told of each call that failed (the workspace's logs); never awaited by the conversation. */
export type ToolFailureReporter = (db: Firestore, agent: { ID: string; ownerID: string }, record: ToolRun['record']) => void;

export function agentTools(limits: ToolCallLimits, onFailure?: ToolFailureReporter): AgentToolsLoader {
  return async (db, agent) => {
    const ids = agent.assignedToolsIds;
    if (ids.length === 0) return [];
    const snaps = await db.getAll(...ids.flatMap((id) => [db.doc(paths.tool(id)), db.doc(paths.toolSecrets(id))]));
    const offered: OfferedTool[] = [];
    for (let i = 0; i < ids.length; i++) {
      const [toolSnap, secretSnap] = [snaps[2 * i]!, snaps[2 * i + 1]!];
      if (!toolSnap.exists || toolSnap.get('userId') !== agent.ownerID) continue;
      const parsed = storedToolSchema.safeParse(toolSnap.data());
      if (!parsed.success) continue;
      const tool = parsed.data;
      const secretValue: unknown = secretSnap.get('serverUrlSecret');
      const secret = typeof secretValue === 'string' && secretValue ? secretValue : undefined;
      offered.push({
        name: tool.name,
        description: tool.description,
        parameters: { ...toolParameters(tool.fields) },
        run: async (raw) => {
          const result = await runTool(tool, secret, raw, limits);
          if (!result.record.ok) onFailure?.(db, { ID: agent.ID, ownerID: agent.ownerID }, result.record);
          return result;
        },
      });
    }
    return offered;
  };
}
