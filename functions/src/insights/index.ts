// Insights: the daily rollups the charts read. rollup-writes.ts gives the counters an event adds to, as writes the
// recording code stages in its own commit (conversations, credits, leads). conversation-flags.ts (older conversations'
// Chats filter flags) is a data migration, imported file by file from functions/src/migrations.ts, so the chat path
// does not load the migrations' scheduler.
export { browserFamily, conversationRollupWrite, creditRollupWrites, openingRollupWrite, payerRollups, type ConversationEvent } from './rollup-writes';
export { agentRollups } from './agent-rollups';
