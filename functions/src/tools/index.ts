// Tools: a workspace's HTTP functions (the Functions page), their assignment to agents (the Tools tab), and the
// loader the conversation engine offers them to the model with. Every call goes through the one safe fetch.
import type { ToolsDeps } from './deps';
import { deleteToolCallable } from './delete-tool';
import { listAgentToolsCallable } from './list-agent-tools';
import { listToolsCallable } from './list-tools';
import { saveToolCallable } from './save-tool';
import { setAgentToolsCallable } from './set-agent-tools';
import { testToolCallable } from './test-tool';

export { agentTools, type ToolFailureReporter } from './agent-tools';
export { DEFAULT_TOOL_CALL, type ToolCallLimits, type ToolsDeps } from './deps';

/** Every tools callable, named as its contract. */
export function toolsFunctions(deps: ToolsDeps) {
  return {
    listTools: listToolsCallable(deps),
    saveTool: saveToolCallable(deps),
    deleteTool: deleteToolCallable(deps),
    testTool: testToolCallable(deps),
    listAgentTools: listAgentToolsCallable(deps),
    setAgentTools: setAgentToolsCallable(deps),
  };
}
