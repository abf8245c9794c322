// Flows on the server side: what an agency client may save of an agent's instructions and flow.
export { CLIENT_EDITABLE_FIELDS, changedFields, clientEditRefusal, requireAgentPageAccess, requireClientEditAccess } from './client-edits';
