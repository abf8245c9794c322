import { onRequest } from 'firebase-functions/https';
import { compose } from './composition';
import { endpointsOf } from './endpoints';
import { createApiHandler } from './http/router';
import { callablesOf } from './callables';
import { channelAnswerTask } from './channels';
import { refreshKnowledgeSourcesJob } from './knowledge';
import { RUNTIME_SECRETS } from './adapters/llm/settings';
import { RESEND_API_KEY } from './adapters/mailer';
import { META_SECRETS } from './channels';
import { STRIPE_SECRETS } from './billing';
import { deletedAgentsVoiceSweep, VOICE_SECRETS } from './voice';
import { conversationsEndedJob, eventDeliveryTask } from './events';
import { crawlJobsDueJob, crawlRunTask } from './crawler';

/**
 * Every secret an endpoint reads (defineSecret) must be bound here, or production runs without it:
 * OPENAI_API_KEY (runtime, AI CSS, knowledge embeddings), RESEND_API_KEY (workspace e-mail), META_APP_SECRET (Meta webhook
 * signatures), STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (billing). index.secrets.test.ts
 * checks that each declared secret is bound to at least one function.
 */
export const API_SECRETS = [...RUNTIME_SECRETS, RESEND_API_KEY, ...META_SECRETS, ...STRIPE_SECRETS, ...VOICE_SECRETS];

/** Every dependency, built once per instance and handed to the endpoints, callables and jobs below. */
const app = compose();

/** The HTTPS API behind Hosting's /api, /v2, /public, /agents, /stripe, /utils rewrites. */
export const api = onRequest({ cors: false, secrets: API_SECRETS }, createApiHandler(endpointsOf(app), { idTokens: app.idTokens }));

// Callables, by feature (each named as its contract in @parley/core), served with the composition.
export const {
  sendOperatorMessage, setConversationControl, agentSecretStatus, convertAgentTemplateToAgent, uploadFile,
  addKnowledgeSource, deleteKnowledgeSource, listKnowledgeSources, refreshKnowledgeSource, createWorkspace, eventsSigningSecret,
  listChannelConnections, disconnectDiscordChannel, disconnectTelegramBot, discordInstallLink, saveChannelSettings, saveDiscordChannel,
  saveTelegramBot, checkPageSubscriptions, connectMetaPage, connectWhatsappNumber, createWhatsappTemplate, exchangeMetaToken,
  getDetailsOfWhatsappNumber, getLongAccessToken, getMetaClientConfig, getWhatsappNumbers, removeMetaPage, removeWhatsappNumber,
  runWhatsappLegacyTest, sendWhatsappTestMessage, startWhatsappLegacySetup, tokenToPages, exportAgentToJson, saveAgentBackup,
  activateWhitelabelTrial, agencySecret, checkAgencyFont, cleanupDuplicateAgencies, getAgency, getAgencyAccess, initAgency,
  saveAgencySettings, createClient, createOrg, deleteClient, deleteOrg, listOrgAuditLog, listOrgs, resetClientPassword,
  setClientStatus, transferCredits, updateClient, updateOrg, listTools, saveTool, deleteTool, testTool, listAgentTools,
  setAgentTools, saveVoiceConfig, getVoiceConfig, listPhoneNumbers, searchPhoneNumbers, buyPhoneNumber, importTwilioNumber,
  assignPhoneNumber, releasePhoneNumber, startTestCall, startWebCall, deleteLead,
  getEventsSettings, saveEventsSettings, listEventDeliveries, getEventDelivery, replayEventDelivery, sendTestEvent,
  listWorkspaceLogs, getCredentials, revealSecret, regenerateWorkspaceSecret, saveProviderKey, saveVoiceKey,
  listCrawlJobs, getCrawlJob, saveCrawlJob, runCrawlJob, deleteCrawlJob,
  agentRollups,
} = callablesOf(app);

// Jobs: the task-queue function that answers channel messages, and the scheduled ones.
export const channelAnswer = channelAnswerTask({ engine: app.engine, senders: app.channelSenders });
export const refreshKnowledgeSources = refreshKnowledgeSourcesJob(app);
/** One attempt at an outgoing event's delivery (its retries are tasks queued by the attempt before). */
export const eventDelivery = eventDeliveryTask(app.events);
/** conversation.ended for conversations that went quiet (every 10 minutes). */
export const conversationsEnded = conversationsEndedJob({ db: app.db, notify: (event) => app.engine.notify(event), now: Date.now });
/** One crawl run (a background task), and the scheduled start of the due ones (every 15 minutes). */
export const crawlRun = crawlRunTask(app.crawler);
export const crawlJobsDue = crawlJobsDueJob(app.crawler);
/** The voice provider lets go of agents deleted without the functions: their assistants and numbers (every 6 hours). */
export const deletedAgentsVoice = deletedAgentsVoiceSweep(app);
export { agencyDnsReminders, migrateLegacyAgencySecrets } from './agency';
export { migrateLegacyClientPasswords } from './clients';
