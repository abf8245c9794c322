// Workspaces feature: creation (callable), save, delete and e-mail endpoints.
import type { Endpoint } from '../http/endpoint';
import { deleteWorkspaceEndpoint, type WorkspaceDeletionDeps } from './delete-workspace';
import { saveWorkspaceEndpoint } from './save-workspace';
import { workspaceEmailEndpoint } from './workspace-email';

export const workspacesEndpoints = (deps: WorkspaceDeletionDeps): Endpoint[] => [workspaceEmailEndpoint, saveWorkspaceEndpoint, deleteWorkspaceEndpoint(deps)];
export type { WorkspaceDeletionDeps };
export { createWorkspace } from './create-workspace';
