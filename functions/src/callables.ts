import * as agency from './agency';
import * as agents from './agents';
import * as agentsHistory from './agents-history';
import { serveCallables } from './callable/define-callable';
import * as channels from './channels';
import * as clients from './clients';
import type { Composition } from './composition';
import { operatorCallables } from './conversations';
import { credentialsCallables } from './credentials';
import { crawlerCallables } from './crawler';
import { eventsCallables, eventsSigningSecret } from './events';
import { listWorkspaceLogsCallable } from './logs';
import { knowledgeCallables } from './knowledge';
import { deleteLead } from './leads';
import { agentRollups } from './insights';
import { DEFAULT_TOOL_CALL, toolsFunctions } from './tools';
import { uploadFileCallable } from './uploads';
import { createWorkspace } from './workspaces';
import { voiceCallables } from './voice';

/**
 * Every callable, by feature, served with the composition (its ID-token verifier), as endpointsOf serves the
 * endpoints; index.ts exports each under its contract's name. Add a feature's callables here.
 */
export function callablesOf(app: Composition) {
  return serveCallables(app, {
    ...operatorCallables(channels.operatorRelay(app.channelSenders)),
    agentSecretStatus: agents.agentSecretStatus,
    convertAgentTemplateToAgent: agents.convertAgentTemplateCallable(app),
    uploadFile: uploadFileCallable(app),
    ...knowledgeCallables(app),
    createWorkspace,
    eventsSigningSecret,
    listChannelConnections: channels.listChannelConnectionsCallable(app.connectionListers),
    disconnectDiscordChannel: channels.disconnectDiscordChannel,
    disconnectTelegramBot: channels.disconnectTelegramBot,
    discordInstallLink: channels.discordInstallLink,
    saveChannelSettings: channels.saveChannelSettings,
    ...channels.channelConnectCallables(app),
    checkPageSubscriptions: channels.checkPageSubscriptions,
    createWhatsappTemplate: channels.createWhatsappTemplate,
    exchangeMetaToken: channels.exchangeMetaToken,
    getDetailsOfWhatsappNumber: channels.getDetailsOfWhatsappNumber,
    getLongAccessToken: channels.getLongAccessToken,
    getMetaClientConfig: channels.getMetaClientConfig,
    getWhatsappNumbers: channels.getWhatsappNumbers,
    removeMetaPage: channels.removeMetaPage,
    removeWhatsappNumber: channels.removeWhatsappNumber,
    runWhatsappLegacyTest: channels.runWhatsappLegacyTest,
    sendWhatsappTestMessage: channels.sendWhatsappTestMessage,
    startWhatsappLegacySetup: channels.startWhatsappLegacySetup,
    tokenToPages: channels.tokenToPages,
    exportAgentToJson: agentsHistory.exportAgentToJson,
    saveAgentBackup: agentsHistory.saveAgentBackup,
    activateWhitelabelTrial: agency.activateWhitelabelTrial,
    agencySecret: agency.agencySecret,
    checkAgencyFont: agency.checkAgencyFont,
    cleanupDuplicateAgencies: agency.cleanupDuplicateAgencies,
    getAgency: agency.getAgency,
    getAgencyAccess: agency.getAgencyAccess,
    initAgency: agency.initAgency,
    saveAgencySettings: agency.saveAgencySettings,
    createClient: clients.createClient,
    createOrg: clients.createOrg,
    deleteClient: clients.deleteClient,
    deleteOrg: clients.deleteOrg,
    listOrgAuditLog: clients.listOrgAuditLog,
    listOrgs: clients.listOrgs,
    resetClientPassword: clients.resetClientPassword,
    setClientStatus: clients.setClientStatus,
    transferCredits: clients.transferCredits,
    updateClient: clients.updateClient,
    updateOrg: clients.updateOrg,
    ...toolsFunctions({ db: app.db, now: Date.now, call: DEFAULT_TOOL_CALL }),
    ...voiceCallables(app),
    deleteLead,
    ...eventsCallables(app.events),
    listWorkspaceLogs: listWorkspaceLogsCallable(app.events.logs),
    ...credentialsCallables(app),
    ...crawlerCallables(app.crawler),
    agentRollups,
  });
}
