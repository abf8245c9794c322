import { onRequest } from 'firebase-functions/https';
import { endpoints } from './endpoints';
import { createApiHandler } from './http/router';
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

/** The HTTPS API behind Hosting's /api, /v2, /public, /agents, /stripe, /utils rewrites. */
export const api = onRequest({ cors: false, secrets: API_SECRETS }, createApiHandler(endpoints));

// Callables, by feature (each named as its contract in @parley/core).
export { sendOperatorMessage, setConversationControl } from './conversations';
export { agentSecretStatus, convertAgentTemplateToAgent } from './agents';
export { uploadFile } from './uploads';
export { addKnowledgeSource, deleteKnowledgeSource, listKnowledgeSources, refreshKnowledgeSource, refreshKnowledgeSources } from './knowledge';
export { createWorkspace } from './workspaces';
export { eventsSigningSecret } from './events';
export {
  channelAnswer, disconnectDiscordChannel, disconnectTelegramBot, discordInstallLink, listChannelConnections, saveChannelSettings, saveDiscordChannel,
  saveTelegramBot,
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
