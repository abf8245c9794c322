// Workspaces feature: creation (callable), save, delete and e-mail endpoints.
import type { Endpoint } from '../http/endpoint';
import { deleteWorkspaceEndpoint } from './delete-workspace';
import { saveWorkspaceEndpoint } from './save-workspace';
import { workspaceEmailEndpoint } from './workspace-email';

export const endpoints: Endpoint[] = [workspaceEmailEndpoint, saveWorkspaceEndpoint, deleteWorkspaceEndpoint];
export { createWorkspace } from './create-workspace';
