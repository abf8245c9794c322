// Who may open an agent's settings: its owner, or a member of the owner's workspace.
export const WIDGET_MISSING = 'This widget does not exist.';

export function canOpenAgent(agent: { ownerID?: unknown }, me: { uid: string; workspaceIds: string[] }): boolean {
  if (typeof agent.ownerID !== 'string') return false;
  return agent.ownerID === me.uid || me.workspaceIds.includes(agent.ownerID);
}
