// Billing's Usage section: the workspace's credits (ui/UsageSection.tsx), its agents named.
import { useWorkspaceAgents } from '../../lib/agents-data';
import { UsageSection } from '../../ui/UsageSection';

/** The workspace's usage on Billing, its agents named. */
export function WorkspaceUsageSection({ uid }: { uid: string }) {
  const agents = useWorkspaceAgents();
  const names = new Map((agents.data ?? []).map((a) => [a.ID, a.title || a.ID] as const));
  return <UsageSection payer={{ kind: 'workspace', uid }} agentNames={names} />;
}
