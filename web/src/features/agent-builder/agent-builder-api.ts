// Calls the agent builder makes (agentsApi and uploadsApi in @parley/core).
import { agentsApi, databaseIdForRegion, uploadsApi, type CallableInput, type EndpointBody, type EndpointOutput, type Region } from '@parley/core';
import { callApi } from '../../lib/api';
import { callFunction } from '../../lib/functions';

export function convertAgentTemplateToAgent(input: CallableInput<typeof agentsApi.convertAgentTemplateToAgent>) {
  return callFunction(agentsApi.convertAgentTemplateToAgent, input);
}

export function uploadFile(input: CallableInput<typeof uploadsApi.uploadFile>) {
  return callFunction(uploadsApi.uploadFile, input);
}

/** Which secrets are set (the dialogue key's value is never shown), or null when unavailable. */
export async function fetchSecretFlags(region: Region, agentId: string) {
  try {
    return await callFunction(agentsApi.agentSecretStatus, { region, agentId });
  } catch {
    return null;
  }
}

export type Language = EndpointOutput<typeof agentsApi.listLanguages>['languages'][number];

/** The languages the widget can be set to (Settings → Language). */
export async function fetchLanguages(): Promise<Language[]> {
  return (await callApi(agentsApi.listLanguages, {})).languages;
}

/** One turn of the AI CSS assistant's conversation. */
export type CssChatMessage = EndpointBody<typeof agentsApi.generateCss>['messages'][number];

/**
 * The AI CSS assistant's reply (explanation and one ```css block) for the conversation so far. `bearer` is the
 * member's ID token: the server answers members of the agent's workspace only, and charges their credits.
 */
export async function generateCss(body: { messages: CssChatMessage[]; currentCSS: string; userId: string; agentId: string; region: Region; bearer: string | null }) {
  const reply = await callApi(agentsApi.generateCss, {
    body: { messages: body.messages, currentCSS: body.currentCSS, userData: { uid: body.userId }, agentID: body.agentId, bucket: databaseIdForRegion(body.region) },
    bearer: body.bearer,
  });
  return reply.response;
}
