// Every call between the browser and the Cloud Functions, by feature. A feature's contracts (and the schemas
// they use) are reached through its namespace, e.g. `knowledgeApi.addKnowledgeSource` (a callable) or
// `agentsApi.saveAgent` (POST /v2/agents/:agentId); the helpers and shared types are in ./contract.
import * as agency from './agency';
import * as agents from './agents';
import * as billing from './billing';
import * as channels from './channels';
import * as clients from './clients';
import * as conversations from './conversations';
import * as crawler from './crawler';
import * as credentials from './credentials';
import * as events from './events';
import * as insights from './insights';
import * as logs from './logs';
import * as knowledge from './knowledge';
import * as leads from './leads';
import * as tools from './tools';
import * as uploads from './uploads';
import * as utils from './utils';
import * as voice from './voice';
import * as workspaces from './workspaces';
import type { AnyContract } from './contract';

export * from './contract';
export * as agencyApi from './agency';
export * as agentsApi from './agents';
export * as billingApi from './billing';
export * as channelsApi from './channels';
export * as clientsApi from './clients';
export * as conversationsApi from './conversations';
export * as crawlerApi from './crawler';
export * as credentialsApi from './credentials';
export * as eventsApi from './events';
export * as insightsApi from './insights';
export * as logsApi from './logs';
export * as knowledgeApi from './knowledge';
export * as leadsApi from './leads';
export * as toolsApi from './tools';
export * as uploadsApi from './uploads';
export * as utilsApi from './utils';
export * as voiceApi from './voice';
export * as workspacesApi from './workspaces';

const isContract = (value: unknown): value is AnyContract =>
  typeof value === 'object' && value !== null && ((value as { kind?: unknown }).kind === 'endpoint' || (value as { kind?: unknown }).kind === 'callable') &&
  typeof (value as { name?: unknown }).name === 'string';

/** Every contract (for registries and tests; clients import the one they call). */
export function allContracts(): AnyContract[] {
  return [agency, agents, billing, channels, clients, conversations, events, knowledge, leads, tools, uploads, utils, workspaces, voice, credentials, logs, crawler, insights].flatMap((feature) => Object.values(feature).filter(isContract));
}
