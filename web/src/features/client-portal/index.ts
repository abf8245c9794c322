// Public surface of the client portal (an agency host's client login and client dashboard). The app composes the
// dashboard's routes: the shell, the agent frame, each section page wrapped in ClientSection, and the redirects.
import { lazy } from 'react';
export { ClientLoginPage } from './ClientLoginPage';
// The dashboard listens through reactfire and the full Firestore SDK: a chunk of its own, so the client login
// (exported beside it) does not download them.
export const ClientDashboard = lazy(() => import('./ClientDashboard').then((m) => ({ default: m.ClientDashboard })));
export { ClientAgentFrame, ClientDefaultRedirect, ClientSection } from './ClientAgentFrame';
export { ClientCatchAll } from './ClientCatchAll';
export type { OrgAdminPanels } from './ClientTopBar';
