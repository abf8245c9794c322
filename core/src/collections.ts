// Firestore collection names and document path builders. Names follow the spec so existing data stays readable.
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
//   voiceglow/{agentId}/stats/usage                         – token/message usage counters of the agent
//   voiceglow/{agentId}/conversationUsage/{conversationId}  – visitor messages of one conversation (its messagesLimit)
//   voiceglow/{agentId}/analytics/{id}                      – widget analytics events
//   voiceglow/{agentId}/backups/{id}                        – version history (at most VERSION_HISTORY_MAX)
//   voiceglow/{agentId}/kb/{docId}/chunks/{id}              – knowledge chunks of a document
//   users/{uid}/creditUsageLogs/{id}                        – CreditUsageLog (schemas/billing.ts)
//   channelEvents/{eventId}                                 – one inbound channel message, processed once (dedupe)
//   voiceglow/{agentId}/channelThreads/{key}                – a channel user's conversation with the agent
//   agencyDomains/{host}                                    – which agency holds a subdomain, custom domain or e-mail
//                                                             domain; kept in the NA database only, so one transaction
//                                                             decides a claim for both regions
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
  messages: 'messages',
  stats: 'stats',
  conversationUsage: 'conversationUsage',
  analytics: 'analytics',
  backups: 'backups',
  chunks: 'chunks',
  creditUsageLogs: 'creditUsageLogs',
  channelEvents: 'channelEvents',
  channelThreads: 'channelThreads',
  rateLimits: 'rateLimits',
} as const;
export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];

/** Document ids inside `private` subcollections. */
export const PRIVATE_DOC_IDS = { secrets: 'secrets', credentials: 'credentials', whatsappLegacy: 'whatsappLegacy' } as const;

// Ids must be single path segments: a slash would address another document.
function seg(id: string): string {
  if (!id || id.includes('/')) throw new Error(`invalid document id: ${JSON.stringify(id)}`);
  return id;
}

/** `collection/id`: a document's path, its id checked. */
const doc = (collection: string, id: string) => `${collection}/${seg(id)}`;
/** A document's `private/{docId}`: where its secrets or credentials live, readable by the server only. */
const privateOf = (parent: string, docId: string) => `${parent}/${COLLECTIONS.private}/${docId}`;
/** `agents/{agentId}/{sub}`: a subcollection of an agent. */
const ofAgent = (agentId: string, sub: string) => `${doc(COLLECTIONS.agents, agentId)}/${sub}`;

export const paths = {
  agents: () => COLLECTIONS.agents,
  agent: (agentId: string) => doc(COLLECTIONS.agents, agentId),
  agentSecrets: (agentId: string) => privateOf(doc(COLLECTIONS.agents, agentId), PRIVATE_DOC_IDS.secrets),
  agentWhatsappLegacy: (agentId: string) => privateOf(doc(COLLECTIONS.agents, agentId), PRIVATE_DOC_IDS.whatsappLegacy),
  kb: (agentId: string) => ofAgent(agentId, COLLECTIONS.kb),
  kbDoc: (agentId: string, docId: string) => doc(ofAgent(agentId, COLLECTIONS.kb), docId),
  users: () => COLLECTIONS.users,
  user: (uid: string) => doc(COLLECTIONS.users, uid),
  userSecrets: (uid: string) => privateOf(doc(COLLECTIONS.users, uid), PRIVATE_DOC_IDS.secrets),
  agencies: () => COLLECTIONS.agencies,
  agency: (agencyId: string) => doc(COLLECTIONS.agencies, agencyId),
  agencySecrets: (agencyId: string) => privateOf(doc(COLLECTIONS.agencies, agencyId), PRIVATE_DOC_IDS.secrets),
  dnsReminders: (agencyId: string) => `${doc(COLLECTIONS.agencies, agencyId)}/${COLLECTIONS.dnsReminders}`,
  agencyDomain: (key: string) => doc(COLLECTIONS.agencyDomains, key),
  dnsReminder: (agencyId: string, id: string) => doc(`${doc(COLLECTIONS.agencies, agencyId)}/${COLLECTIONS.dnsReminders}`, id),
  clients: () => COLLECTIONS.clients,
  client: (clientId: string) => doc(COLLECTIONS.clients, clientId),
  clientCredentials: (clientId: string) => privateOf(doc(COLLECTIONS.clients, clientId), PRIVATE_DOC_IDS.credentials),
  orgs: () => COLLECTIONS.orgs,
  org: (orgId: string) => doc(COLLECTIONS.orgs, orgId),
  metaPages: () => COLLECTIONS.metaPages,
  metaPage: (id: string) => doc(COLLECTIONS.metaPages, id),
  discordChannels: () => COLLECTIONS.discordChannels,
  discordChannel: (id: string) => doc(COLLECTIONS.discordChannels, id),
  telegramBots: () => COLLECTIONS.telegramBots,
  telegramBot: (botId: string) => doc(COLLECTIONS.telegramBots, botId),
  waNumbers: () => COLLECTIONS.waNumbers,
  waNumber: (id: string) => doc(COLLECTIONS.waNumbers, id),
  notifications: (level: 1 | 2) => (level === 1 ? COLLECTIONS.notifications1 : COLLECTIONS.notifications2),
  conversations: (agentId: string) => ofAgent(agentId, COLLECTIONS.conversations),
  conversation: (agentId: string, id: string) => doc(ofAgent(agentId, COLLECTIONS.conversations), id),
  conversationMessages: (agentId: string, id: string) => `${doc(ofAgent(agentId, COLLECTIONS.conversations), id)}/${COLLECTIONS.messages}`,
  usageStats: (agentId: string) => `${ofAgent(agentId, COLLECTIONS.stats)}/usage`,
  conversationUsage: (agentId: string, conversationId: string) => doc(ofAgent(agentId, COLLECTIONS.conversationUsage), conversationId),
  analytics: (agentId: string) => ofAgent(agentId, COLLECTIONS.analytics),
  backups: (agentId: string) => ofAgent(agentId, COLLECTIONS.backups),
  kbChunks: (agentId: string, docId: string) => `${doc(ofAgent(agentId, COLLECTIONS.kb), docId)}/${COLLECTIONS.chunks}`,
  creditUsageLogs: (uid: string) => `${doc(COLLECTIONS.users, uid)}/${COLLECTIONS.creditUsageLogs}`,
  channelEvent: (eventId: string) => doc(COLLECTIONS.channelEvents, eventId),
  channelThread: (agentId: string, key: string) => doc(ofAgent(agentId, COLLECTIONS.channelThreads), key),
  notification: (level: 1 | 2, id: string) => doc(level === 1 ? COLLECTIONS.notifications1 : COLLECTIONS.notifications2, id),
} as const;
