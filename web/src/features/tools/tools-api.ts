// The tools callables (toolsApi in @parley/core): a workspace's tools, their test call, and an agent's assignment.
import { toolsApi, type CallableInput, type CallableOutput, type Region } from '@parley/core';
import { callFunction } from '../../lib/functions';

export type ToolView = toolsApi.ToolView;
export type ToolInput = toolsApi.ToolInput;
export type TestResult = CallableOutput<typeof toolsApi.testTool>;
export type AgentTools = CallableOutput<typeof toolsApi.listAgentTools>;
export type SaveToolInput = Omit<CallableInput<typeof toolsApi.saveTool>, 'region' | 'workspaceId'>;

export const toolKeys = {
  list: (region: Region, workspaceId: string) => ['tools', region, workspaceId] as const,
  agent: (region: Region, agentId: string) => ['agent-tools', region, agentId] as const,
};

export async function listTools(region: Region, workspaceId: string): Promise<ToolView[]> {
  return (await callFunction(toolsApi.listTools, { region, workspaceId })).tools;
}

export async function saveTool(region: Region, workspaceId: string, input: SaveToolInput): Promise<ToolView> {
  return (await callFunction(toolsApi.saveTool, { ...input, region, workspaceId })).tool;
}

export function deleteTool(region: Region, workspaceId: string, toolId: string) {
  return callFunction(toolsApi.deleteTool, { region, workspaceId, toolId });
}

export function testTool(region: Region, workspaceId: string, toolId: string, args: Record<string, unknown>): Promise<TestResult> {
  return callFunction(toolsApi.testTool, { region, workspaceId, toolId, args });
}

export function listAgentTools(region: Region, agentId: string): Promise<AgentTools> {
  return callFunction(toolsApi.listAgentTools, { region, agentId });
}

export function setAgentTools(region: Region, agentId: string, toolIds: string[]) {
  return callFunction(toolsApi.setAgentTools, { region, agentId, toolIds });
}
