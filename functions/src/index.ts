import { onRequest } from 'firebase-functions/https';
import { compose } from './composition';
import { endpointsOf } from './endpoints';
import { createApiHandler } from './http/router';
import { operatorCallables } from './conversations';
import { channelAnswerTask, listChannelConnectionsCallable, operatorRelay } from './channels';
import { knowledgeFunctions } from './knowledge';
import { uploadFileCallable } from './uploads';
import { DEFAULT_TOOL_CALL, toolsFunctions } from './tools';
import { RUNTIME_SECRETS } from './adapters/llm/settings';
import { RESEND_API_KEY } from './adapters/mailer';
import { META_SECRETS } from './channels';
import { STRIPE_SECRETS } from './billing';

/**
 * Every secret an endpoint reads (defineSecret) must be bound here, or production runs without it:
 * OPENAI_API_KEY (runtime, AI CSS, knowledge embeddings), RESEND_API_KEY (workspace e-mail), META_APP_SECRET (Meta webhook
 * signatures), STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (billing). index.secrets.test.ts
 * checks that each declared secret is bound to at least one function.
 */
export const API_SECRETS = [...RUNTIME_SECRETS, RESEND_API_KEY, ...META_SECRETS, ...STRIPE_SECRETS];

/** Every dependency, built once per instance and handed to the endpoints, callables and jobs below. */
const app = compose();

/** The HTTPS API behind Hosting's /api, /v2, /public, /agents, /stripe, /utils rewrites. */
export const api = onRequest({ cors: false, secrets: API_SECRETS }, createApiHandler(endpointsOf(app), { idTokens: app.idTokens }));

// Callables, by feature (each named as its contract in @parley/core).
export const { sendOperatorMessage, setConversationControl } = operatorCallables(operatorRelay(app.channelSenders));
export { agentSecretStatus, convertAgentTemplateToAgent } from './agents';
export const uploadFile = uploadFileCallable(app);
export const { addKnowledgeSource, deleteKnowledgeSource, listKnowledgeSources, refreshKnowledgeSource, refreshKnowledgeSources } = knowledgeFunctions(app);
export { createWorkspace } from './workspaces';
export const { listTools, saveTool, deleteTool, testTool, listAgentTools, setAgentTools } = toolsFunctions({ db: app.db, now: Date.now, call: DEFAULT_TOOL_CALL });
export { eventsSigningSecret } from './events';
/** The task-queue function that answers channel messages. */
export const channelAnswer = channelAnswerTask({ engine: app.engine, senders: app.channelSenders });
export const listChannelConnections = listChannelConnectionsCallable(app.connectionListers);
export {
  disconnectDiscordChannel, disconnectTelegramBot, discordInstallLink, saveChannelSettings, saveDiscordChannel, saveTelegramBot,
} from './channels';
export {
  checkPageSubscriptions, connectMetaPage, connectWhatsappNumber, createWhatsappTemplate, exchangeMetaToken, getDetailsOfWhatsappNumber,
  getLongAccessToken, getMetaClientConfig, getWhatsappNumbers, removeMetaPage, removeWhatsappNumber, runWhatsappLegacyTest,
  sendWhatsappTestMessage, startWhatsappLegacySetup, tokenToPages,
} from './channels';
export { exportAgentToJson, saveAgentBackup } from './agents-history';
export {
  activateWhitelabelTrial, agencyDnsReminders, agencySecret, checkAgencyFont, cleanupDuplicateAgencies, getAgency, getAgencyAccess, initAgency,
  saveAgencySettings,
} from './agency';
export {
  createClient, createOrg, deleteClient, deleteOrg, listOrgAuditLog, listOrgs, migrateLegacyClientPasswords, resetClientPassword, setClientStatus,
  transferCredits, updateClient, updateOrg,
} from './clients';
