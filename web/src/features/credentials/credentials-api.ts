// The credentials callables (credentialsApi in @parley/core) and the events signing secret (eventsApi).
import { credentialsApi, eventsApi, type CallableInput, type CallableOutput, type Region } from '@parley/core';
import { callFunction } from '../../lib/functions';

export type Credentials = CallableOutput<typeof credentialsApi.getCredentials>;
export type SecretKind = CallableInput<typeof credentialsApi.revealSecret>['kind'];

export const credentialKeys = { all: (region: Region, workspaceId: string) => ['credentials', region, workspaceId] as const };

export const getCredentials = (region: Region, workspaceId: string) => callFunction(credentialsApi.getCredentials, { region, workspaceId });

export const revealSecret = async (region: Region, workspaceId: string, kind: SecretKind, agentId?: string) =>
  (await callFunction(credentialsApi.revealSecret, { region, workspaceId, kind, agentId })).secret;

export const regenerateWorkspaceSecret = async (region: Region, workspaceId: string) =>
  (await callFunction(credentialsApi.regenerateWorkspaceSecret, { region, workspaceId })).workspaceSecret;

export const rotateSigningSecret = async (region: Region, workspaceId: string) =>
  (await callFunction(eventsApi.eventsSigningSecret, { region, workspaceId, rotate: true })).signingSecret;

export const saveProviderKey = (region: Region, workspaceId: string, baseUrl: string, apiKey: string) =>
  callFunction(credentialsApi.saveProviderKey, { region, workspaceId, baseUrl, apiKey });

export const saveVoiceKey = (region: Region, workspaceId: string, apiKey: string) => callFunction(credentialsApi.saveVoiceKey, { region, workspaceId, apiKey });
