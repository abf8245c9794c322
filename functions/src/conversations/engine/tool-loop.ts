// One answer with functions: the model is asked with the offered functions; when it calls some, each call runs
// (the calls of one round together) and its result goes back to the model, which is asked again. At most
// MAX_TOOL_ROUNDS rounds may call functions; the round after asks for a written answer (tool_choice none), so a
// turn always ends in text. Every round is an LLM call: its tokens are added up and metered with the answer.
import type { ToolCallRecord } from '@parley/core';
import { streamCompletion, type CompletionRequest, type LlmMessage, type LlmTiming, type LlmToolCall } from '../../adapters/llm/client';
import type { LlmSettings } from '../../adapters/llm/settings';
import type { OfferedTool, RoundOffer, RoundTools, ToolRun } from './tools-port';

export const MAX_TOOL_ROUNDS = 3;
const RESULT_RECORD_CHARS = 2000;

export interface LoopResult {
  text: string;
  inputTokens: number;
  outputTokens: number;
  modelId: string;
  toolCalls: ToolCallRecord[];
}

async function runCall(offered: readonly OfferedTool[], call: LlmToolCall): Promise<ToolRun> {
  const tool = offered.find((t) => t.name === call.function.name);
  const failed = (result: string): ToolRun => ({
    content: `Error: ${result}`,
    record: { name: call.function.name.slice(0, 100), arguments: call.function.arguments.slice(0, RESULT_RECORD_CHARS), ok: false, result },
  });
  if (!tool) return failed(`There is no tool named "${call.function.name.slice(0, 100)}".`);
  try {
    return await tool.run(call.function.arguments);
  } catch (error) {
    console.error('[runtime] tool failed:', error instanceof Error ? error.name : 'unknown');
    return failed('The tool could not be called.');
  }
}

/**
 * The functions are the same every round (a list), or asked for before each round (a flow's step may move during
 * the turn: its instructions replace the system message and its tools the offered ones).
 */
export async function completeWithTools(
  settings: LlmSettings,
  request: Omit<CompletionRequest, 'tools' | 'toolChoice'>,
  offered: readonly OfferedTool[] | RoundOffer,
  onDelta: (text: string) => void,
  timing: LlmTiming,
  maxRounds = MAX_TOOL_ROUNDS,
): Promise<LoopResult> {
  const messages: LlmMessage[] = [...request.messages];
  const texts: string[] = [];
  const toolCalls: ToolCallRecord[] = [];
  let inputTokens = 0;
  let outputTokens = 0;
  let modelId = request.model;
  for (let round = 0; ; round++) {
    const offer: RoundTools = typeof offered === 'function' ? await offered() : { tools: offered };
    if (offer.closing !== undefined) {
      // The turn is over without asking the model again (a flow reached its end): its closing words end the answer.
      onDelta(texts.length > 0 ? `\n\n${offer.closing}` : offer.closing);
      texts.push(offer.closing);
      return { text: texts.join('\n\n'), inputTokens, outputTokens, modelId, toolCalls };
    }
    if (offer.system !== undefined && messages[0]?.role === 'system') messages[0] = { role: 'system', content: offer.system };
    const tools = offer.tools.map(({ name, description, parameters }) => ({ name, description, parameters }));
    const mayCall = round < maxRounds;
    // A round's text follows the previous round's on a new paragraph, in the stream as in the stored answer.
    let separated = texts.length === 0;
    const result = await streamCompletion(
      settings,
      { ...request, messages, tools, toolChoice: mayCall ? 'auto' : 'none' },
      (piece) => {
        if (!separated) onDelta('\n\n');
        separated = true;
        onDelta(piece);
      },
      timing,
    );
    inputTokens += result.inputTokens;
    outputTokens += result.outputTokens;
    modelId = result.modelId;
    if (result.text.trim()) texts.push(result.text);
    if (!mayCall || result.toolCalls.length === 0) return { text: texts.join('\n\n'), inputTokens, outputTokens, modelId, toolCalls };
    messages.push({ role: 'assistant', content: result.text || null, tool_calls: result.toolCalls });
    const runs = await Promise.all(result.toolCalls.map((call) => runCall(offer.tools, call)));
    runs.forEach((run, i) => {
      messages.push({ role: 'tool', tool_call_id: result.toolCalls[i]!.id, content: run.content });
      toolCalls.push({ ...run.record, result: run.record.result.slice(0, RESULT_RECORD_CHARS) });
    });
  }
}
