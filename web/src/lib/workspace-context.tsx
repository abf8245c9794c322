// The current workspace, provided by the app shell to every signed-in page.
import type { User } from 'firebase/auth';
import type { Region } from '@parley/core';
import { requiredContext } from './required-context';
import type { WorkspaceRecord } from './workspace-data';

export interface CurrentWorkspace {
  user: User;
  /** The region in the route (/app/{region}/...). */
  region: Region;
  workspace: WorkspaceRecord;
  workspaces: WorkspaceRecord[];
  /**
   * Workspace secret, when the dashboard knows it. The rules keep users/{uid}/private out of clients' reach,
   * so the shell leaves this null and workspace calls use the signed-in user's ID token (see workspaceBearer).
   */
  secret: string | null;
  /** A personal workspace (someone's own record): it cannot be deleted. */
  isPersonal: boolean;
  switchWorkspace(target: WorkspaceRecord): void;
  /** Re-reads workspaces after a change. */
  refresh(): Promise<void>;
}

const context = requiredContext<CurrentWorkspace>('useCurrentWorkspace must be used inside the app shell');
export const WorkspaceContextProvider = context.Provider;
export const useCurrentWorkspace = context.useRequired;
export const useOptionalWorkspace = context.useOptional;

/** Bearer for workspace and agent REST calls: the workspace secret if known, else the user's Firebase ID token. */
export async function workspaceBearer(ws: Pick<CurrentWorkspace, 'secret' | 'user'>): Promise<string> {
  return ws.secret ?? (await ws.user.getIdToken());
}
