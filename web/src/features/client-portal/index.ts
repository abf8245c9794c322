// Public surface of the client portal (an agency host's client login and client dashboard). The app composes the
// dashboard's routes: the shell, the agent frame, each section page wrapped in ClientSection, and the redirects.
export { ClientLoginPage } from './ClientLoginPage';
export { ClientDashboard } from './ClientDashboard';
export { ClientAgentFrame, ClientDefaultRedirect, ClientSection } from './ClientAgentFrame';
export { ClientCatchAll } from './ClientCatchAll';
export type { OrgAdminPanels } from './ClientTopBar';
