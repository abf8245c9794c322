import { onRequest } from 'firebase-functions/https';
import { endpoints } from './endpoints';
import { createApiHandler } from './http/router';
import { RUNTIME_SECRETS } from './runtime/env';

/** The HTTPS API behind Hosting's /api, /v2, /public, /agents, /stripe, /utils rewrites. */
export const api = onRequest({ cors: false, secrets: [...RUNTIME_SECRETS] }, createApiHandler(endpoints));

// Callables are exported here by feature, e.g.:
// export { convertAgentTemplateToAgent } from './agents';
export { sendOperatorMessageCallable as sendOperatorMessage, setConversationControlCallable as setConversationControl } from './conversations/operator';
export { agentSecretStatus, convertAgentTemplateToAgent } from './agents';
export { uploadFile } from './uploads';
export { addKnowledgeSource, deleteKnowledgeSource, listKnowledgeSources, refreshKnowledgeSource, refreshKnowledgeSources } from './knowledge';
export { createWorkspace } from './workspaces';
export { exportAgentToJson, saveAgentBackup } from './agents-history';
