// The conversation engine: one entry point (prepareAnswer + runAnswer) used by the widget, the test debugger and
// channels. The composition (functions/src/composition.ts) builds its RuntimeDeps; tests build their own.
export * from './answer';
export type { KnowledgeSearch, Passage, SearchRequest } from './knowledge-port';
export type { ClientConversationEvent, ConversationEvent, ConversationNotifier } from './notify-port';
export type { AgentToolsLoader, OfferedTool, ToolRun } from './tools-port';
export { MAX_TOOL_ROUNDS } from './tool-loop';
export type { RuntimeAgent } from './agent';
export { LEAD_TOOL_NAME, type LeadPort } from './lead-tool';
