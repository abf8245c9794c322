// The tool ids an agent document lists (assignedToolsIds), whatever a legacy document holds there.
export function assignedIdsOf(agent: Readonly<Record<string, unknown>>): string[] {
  const ids = agent.assignedToolsIds;
  return Array.isArray(ids) ? [...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length > 0))] : [];
}
