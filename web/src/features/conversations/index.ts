export { default as ConversationsPage } from './ConversationsPage';
export * from './conversations-data';
