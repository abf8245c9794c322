export * from './store';
export { sendOperatorMessage, setConversationControl, sendOperatorMessageInput, setConversationControlInput } from './operator';
