// Firestore collection names and document path builders. Names are those of the existing data (voiceglow for agents …) so it stays readable.
//
// Where secrets live: never on a document that clients or the public can read. Each owner-only
// `private` subcollection below is readable only by its owner (and functions via the admin SDK):
//   voiceglow/{agentId}/private/secrets   – AgentSecrets (SECRET_API_KEY, VF_DIALOGUE_API_KEY, whatsappToken, gcloudPrivateKey)
//   voiceglow/{agentId}/private/whatsappLegacy – when the owner last opened the WhatsApp Legacy Method (its handshake's precondition)
//   users/{uid}/private/secrets           – WorkspaceSecrets (workspaceSecret, meta.userAccessToken)
//   agencies/{agencyId}/private/secrets   – AgencySecrets (secret: the admin magic-link secret)
//   clients/{clientId}/private/credentials – ClientCredentials (scrypt hash of the dashboard password)
// Channel records holding tokens (telegramBots, waNumbers, discordChannels, metaPages) are owner-only collections.
//
// Collections we add (not in the legacy data), all written by functions only:
//   voiceglow/{agentId}/conversations/{id}[/messages/{id}] – Conversation, ConversationMessage (schemas/conversation.ts)
//   voiceglow/{agentId}/testConversations/{id}[/messages/{id}] – the same, for the owner's test chats (the debugger),
//                                                           kept apart so Chats, analytics and billing never see them
//   voiceglow/{agentId}/stats/usage                         – token/message usage counters of the agent
//   voiceglow/{agentId}/conversationUsage/{conversationId}  – visitor messages of one conversation (its messagesLimit)
//   voiceglow/{agentId}/flowStates/{conversationId}         – the flow step of a conversation kept without its history
//                                                           (recordChatHistory off; TTL on expiresAt)
//   voiceglow/{agentId}/analytics/{id}                      – widget analytics events
//   voiceglow/{agentId}/backups/{id}                        – version history (at most VERSION_HISTORY_MAX)
//   voiceglow/{agentId}/kb/{docId}/chunks/{id}              – knowledge chunks of a document
//   users/{uid}/creditUsageLogs/{id}                        – CreditUsageLog (schemas/billing.ts)
//   channelEvents/{eventId}                                 – one inbound channel message, processed once (dedupe)
//   voiceglow/{agentId}/channelThreads/{key}                – a channel user's conversation with the agent
//   voiceglow/{agentId}/leads/{conversationId}              – the lead of one conversation (schemas/lead.ts)
//   voiceglow/{agentId}/rollups/{YYYY-MM-DD}                – the agent's daily counters for charts (schemas/rollup.ts)
//   users/{uid}/rollups/{YYYY-MM-DD}, orgs/{orgId}/rollups/{YYYY-MM-DD} – the payer's daily credits (schemas/rollup.ts)
//   agencyDomains/{host}                                    – which agency holds a subdomain, custom domain or e-mail
//                                                             domain; kept in the NA database only, so one transaction
//                                                             decides a claim for both regions
//   tools/{toolId}                                          – a workspace's tool (schemas/tool.ts; userId = workspace);
//                                                             its server URL secret in tools/{toolId}/private/secrets
//   rateLimits/{rule}:{hash of key}:{window}[:{shard}]     – request counters of the rate limits (NA database, TTL)

export const COLLECTIONS = {
  agents: 'voiceglow',
  kb: 'kb',
  users: 'users',
  agencies: 'agencies',
  dnsReminders: 'dns_reminders',
  agencyDomains: 'agencyDomains',
  clients: 'clients',
  orgs: 'orgs',
  metaPages: 'metaPages',
  discordChannels: 'discordChannels',
  telegramBots: 'telegramBots',
  waNumbers: 'waNumbers',
  notifications1: 'notifications-1',
  notifications2: 'notifications-2',
  private: 'private',
  conversations: 'conversations',
  testConversations: 'testConversations',
  messages: 'messages',
  stats: 'stats',
  conversationUsage: 'conversationUsage',
  flowStates: 'flowStates',
  analytics: 'analytics',
  backups: 'backups',
  chunks: 'chunks',
  creditUsageLogs: 'creditUsageLogs',
  channelEvents: 'channelEvents',
  channelThreads: 'channelThreads',
  rateLimits: 'rateLimits',
  tools: 'tools',
  leads: 'leads',
  rollups: 'rollups',
} as const;
export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];

/** Document ids inside `private` subcollections. */
export const PRIVATE_DOC_IDS = { secrets: 'secrets', credentials: 'credentials', whatsappLegacy: 'whatsappLegacy' } as const;

// Ids must be single path segments: a slash would address another document.
function seg(id: string): string {
  if (!id || id.includes('/')) throw new Error(`invalid document id: ${JSON.stringify(id)}`);
  return id;
}

export const paths = {
  agents: () => COLLECTIONS.agents,
  agent: (agentId: string) => `${COLLECTIONS.agents}/${seg(agentId)}`,
  agentSecrets: (agentId: string) => `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.private}/${PRIVATE_DOC_IDS.secrets}`,
  agentWhatsappLegacy: (agentId: string) => `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.private}/${PRIVATE_DOC_IDS.whatsappLegacy}`,
  kb: (agentId: string) => `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.kb}`,
  kbDoc: (agentId: string, docId: string) => `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.kb}/${seg(docId)}`,
  users: () => COLLECTIONS.users,
  user: (uid: string) => `${COLLECTIONS.users}/${seg(uid)}`,
  userSecrets: (uid: string) => `${COLLECTIONS.users}/${seg(uid)}/${COLLECTIONS.private}/${PRIVATE_DOC_IDS.secrets}`,
  agencies: () => COLLECTIONS.agencies,
  agency: (agencyId: string) => `${COLLECTIONS.agencies}/${seg(agencyId)}`,
  agencySecrets: (agencyId: string) => `${COLLECTIONS.agencies}/${seg(agencyId)}/${COLLECTIONS.private}/${PRIVATE_DOC_IDS.secrets}`,
  dnsReminders: (agencyId: string) => `${COLLECTIONS.agencies}/${seg(agencyId)}/${COLLECTIONS.dnsReminders}`,
  agencyDomain: (key: string) => `${COLLECTIONS.agencyDomains}/${seg(key)}`,
  dnsReminder: (agencyId: string, id: string) => `${COLLECTIONS.agencies}/${seg(agencyId)}/${COLLECTIONS.dnsReminders}/${seg(id)}`,
  clients: () => COLLECTIONS.clients,
  client: (clientId: string) => `${COLLECTIONS.clients}/${seg(clientId)}`,
  clientCredentials: (clientId: string) => `${COLLECTIONS.clients}/${seg(clientId)}/${COLLECTIONS.private}/${PRIVATE_DOC_IDS.credentials}`,
  orgs: () => COLLECTIONS.orgs,
  org: (orgId: string) => `${COLLECTIONS.orgs}/${seg(orgId)}`,
  metaPages: () => COLLECTIONS.metaPages,
  metaPage: (id: string) => `${COLLECTIONS.metaPages}/${seg(id)}`,
  discordChannels: () => COLLECTIONS.discordChannels,
  discordChannel: (id: string) => `${COLLECTIONS.discordChannels}/${seg(id)}`,
  telegramBots: () => COLLECTIONS.telegramBots,
  telegramBot: (botId: string) => `${COLLECTIONS.telegramBots}/${seg(botId)}`,
  waNumbers: () => COLLECTIONS.waNumbers,
  waNumber: (id: string) => `${COLLECTIONS.waNumbers}/${seg(id)}`,
  notifications: (level: 1 | 2) => (level === 1 ? COLLECTIONS.notifications1 : COLLECTIONS.notifications2),
  conversations: (agentId: string) => `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.conversations}`,
  conversation: (agentId: string, id: string) => `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.conversations}/${seg(id)}`,
  conversationMessages: (agentId: string, id: string) =>
    `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.conversations}/${seg(id)}/${COLLECTIONS.messages}`,
  testConversation: (agentId: string, id: string) => `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.testConversations}/${seg(id)}`,
  testConversationMessages: (agentId: string, id: string) =>
    `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.testConversations}/${seg(id)}/${COLLECTIONS.messages}`,
  usageStats: (agentId: string) => `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.stats}/usage`,
  conversationUsage: (agentId: string, conversationId: string) =>
    `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.conversationUsage}/${seg(conversationId)}`,
  flowState: (agentId: string, conversationId: string) =>
    `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.flowStates}/${seg(conversationId)}`,
  analytics: (agentId: string) => `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.analytics}`,
  backups: (agentId: string) => `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.backups}`,
  kbChunks: (agentId: string, docId: string) => `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.kb}/${seg(docId)}/${COLLECTIONS.chunks}`,
  creditUsageLogs: (uid: string) => `${COLLECTIONS.users}/${seg(uid)}/${COLLECTIONS.creditUsageLogs}`,
  channelEvent: (eventId: string) => `${COLLECTIONS.channelEvents}/${seg(eventId)}`,
  channelThread: (agentId: string, key: string) => `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.channelThreads}/${seg(key)}`,
  tools: () => COLLECTIONS.tools,
  tool: (toolId: string) => `${COLLECTIONS.tools}/${seg(toolId)}`,
  toolSecrets: (toolId: string) => `${COLLECTIONS.tools}/${seg(toolId)}/${COLLECTIONS.private}/${PRIVATE_DOC_IDS.secrets}`,
  leads: (agentId: string) => `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.leads}`,
  lead: (agentId: string, id: string) => `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.leads}/${seg(id)}`,
  agentRollup: (agentId: string, day: string) => `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.rollups}/${seg(day)}`,
  agentRollups: (agentId: string) => `${COLLECTIONS.agents}/${seg(agentId)}/${COLLECTIONS.rollups}`,
  userRollups: (uid: string) => `${COLLECTIONS.users}/${seg(uid)}/${COLLECTIONS.rollups}`,
  orgRollups: (orgId: string) => `${COLLECTIONS.orgs}/${seg(orgId)}/${COLLECTIONS.rollups}`,
  notification: (level: 1 | 2, id: string) => `${level === 1 ? COLLECTIONS.notifications1 : COLLECTIONS.notifications2}/${seg(id)}`,
} as const;

/** A document id as one path segment (throws on an empty id or a slash), for features that build their own paths. */
export const pathSegment = seg;
