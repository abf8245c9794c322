// Callables the agent builder uses.
import { callFunction } from '../../lib/functions';
import type { AgentDoc } from '../../lib/agents-data';
import type { AgentTemplate } from './templates';

export function convertAgentTemplateToAgent(input: { agentName: string; agentTemplate: AgentTemplate; region: string }) {
  return callFunction<typeof input, { agentCreated: AgentDoc }>('convertAgentTemplateToAgent', input);
}

export interface UploadInput {
  agentId: string;
  userId: string;
  base64Payload: string;
  targetPath: string;
  temporary: boolean;
  maxSizeMB?: number;
  accept?: string;
}

export function uploadFile(input: UploadInput) {
  return callFunction<UploadInput, { data: { url: string } }>('uploadFile', input);
}

/** Firebase callable errors carry the server's message; strip the SDK's prefix noise. */
export function callableMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error) return String((error as { message: unknown }).message);
  return 'Something went wrong';
}
