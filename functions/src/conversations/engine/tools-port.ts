// What the engine needs of tools: functions it may offer the model during a turn. The workspace's tools (the tools
// feature loads the agent's assignedToolsIds) and built-in ones of the runtime itself (a flow's transition) are
// offered the same way, side by side, so the loop (tool-loop.ts) never tells them apart.
import type { ToolCallRecord } from '@parley/core';
import type { Firestore } from 'firebase-admin/firestore';
import type { RuntimeAgent } from './agent';

export interface ToolRun {
  /** What the model reads as the call's result (an error is a result too). */
  content: string;
  /** What the transcript keeps (secrets redacted). */
  record: ToolCallRecord;
}

export interface OfferedTool {
  /** The function's name as the model calls it. */
  name: string;
  description: string;
  /** The JSON Schema of its arguments. */
  parameters: Record<string, unknown>;
  /** Runs one call with the model's arguments (JSON text). Never throws: a failure is a result the model reads. */
  run(rawArguments: string): Promise<ToolRun>;
}

/** The agent's tools, ready to offer ([] when it has none). */
export type AgentToolsLoader = (db: Firestore, agent: RuntimeAgent) => Promise<OfferedTool[]>;

/** What one round of a turn offers the model, when it can change during the turn (a flow's step moves). */
export interface RoundTools {
  tools: readonly OfferedTool[];
  /** The system message for this round (replaces the first message). */
  system?: string;
  /** The turn ends before this round with these words (no model call): a flow reached its end. */
  closing?: string;
}

/** Asked before every round of a turn. */
export type RoundOffer = () => Promise<RoundTools>;
