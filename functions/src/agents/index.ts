// Agents feature: creation from templates, saving, languages.
import type { Endpoint } from '../http/endpoint';
import { saveAgentEndpoint } from './save-agent';
import { translateEndpoint } from './translate';

export const endpoints: Endpoint[] = [saveAgentEndpoint, translateEndpoint];
export { convertAgentTemplateCallable } from './convert-template';
export { agentSecretStatus } from './secret-status';
export { AGENT_TEMPLATES, agentTemplateSchema, type AgentTemplate } from '@parley/core';
export { writeAgentBackup, type AgentBackup, BACKUPS_COLLECTION } from './backups';
