// tool-calls: the provider asks us to run tools it was given for the call. They are the agent's own tools, run as the
// engine offers them to the model (the tools feature's loader: the agent's workspace's tools only, the safe fetch,
// the tool's secret header); an unknown tool is a result the assistant reads, never a failure.
import type { Region } from '@parley/core';
import type { z } from 'zod';
import { runtimeAgent } from '../../conversations';
import { readCall } from '../calls/state';
import type { VoiceDeps } from '../deps';
import type { toolCallsSchema } from './messages';

export async function runToolCalls(deps: VoiceDeps, region: Region, message: z.output<typeof toolCallsSchema>) {
  const engine = deps.engine();
  const state = await readCall(deps.db(region), message.call.id);
  const agent = state ? await runtimeAgent(engine, region, state.agentId) : null;
  const offered = agent ? await engine.tools(deps.db(region), agent) : [];
  const results = await Promise.all(
    message.toolCallList.map(async (call) => {
      const tool = offered.find((t) => t.name === call.function.name);
      const args = typeof call.function.arguments === 'string' ? call.function.arguments : JSON.stringify(call.function.arguments ?? {});
      const result = tool ? (await tool.run(args)).content : `Error: there is no tool ${call.function.name} for this call.`;
      return { toolCallId: call.id, name: call.function.name, result };
    }),
  );
  return { results };
}
