// Events feature: sign-up recording and forwarding; the workspace's signed outgoing events and their secret.
import type { Endpoint } from '../http/endpoint';
import { newUserEndpoint } from './new-user';

export const endpoints: Endpoint[] = [newUserEndpoint];
export { eventsSigningSecret } from './events-signing-secret';
export { sendWorkspaceEvent } from './workspace-events';
