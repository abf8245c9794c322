export { default as ChatsPage } from './ChatsPage';
export * from './chats-data';
