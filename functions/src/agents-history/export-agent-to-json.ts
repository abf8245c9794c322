// exportAgentToJson callable: the agent as a reusable template (same shape the New Agent drawer imports).
import { AGENT_SECRET_FIELDS, agentsApi } from '@parley/core';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireAgentAccess } from '../access';
import { defineCallable } from '../callable/define-callable';

const contract = agentsApi.exportAgentToJson;
export const exportAgentToJsonInput = contract.input;

/** Identity, ownership, secrets and channel bindings never travel with a template. */
const NOT_IN_TEMPLATE = [
  'ID', 'ownerID', 'userId', 'lastModified', 'ts', 'createdAt', 'internal', 'region',
  'waVerifyPassed', 'whatsappBusniessId', 'whatsappNumberId', 'waTestNumber', 'vapi', 'gcloudClientEmail',
  ...AGENT_SECRET_FIELDS,
] as const;

export function agentToTemplate(agent: Record<string, unknown>) {
  const template: Record<string, unknown> = { ...agent };
  for (const key of NOT_IN_TEMPLATE) delete template[key];
  return {
    key: `agent-${String(agent.ID)}`,
    name: typeof agent.title === 'string' && agent.title ? agent.title : 'Exported agent',
    description: typeof agent.description === 'string' ? agent.description : '',
    icon: typeof agent.roundedImageURL === 'string' ? agent.roundedImageURL : '',
    template,
  };
}

export async function exportAgentToJsonHandler(input: z.output<typeof exportAgentToJsonInput>, request: Pick<CallableRequest<unknown>, 'auth'>) {
  const { agent } = await requireAgentAccess(callerOf(request), input.region, input.agentId);
  if (agent.enableNodes !== true) throw new HttpsError('failed-precondition', 'Only agents with nodes enabled can be exported as a template.');
  return { agentTemplate: agentToTemplate(agent) };
}

export const exportAgentToJson = defineCallable(contract, exportAgentToJsonHandler);
