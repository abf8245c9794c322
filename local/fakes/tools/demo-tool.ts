// The demo agent's tool (seeded once by `npm start` with the demo workspace): get_order_status on this stand-in, so
// asking the demo widget "where is order 1234?" shows a tool call working. Its secret is a local one, stored as
// every tool secret is: in tools/{id}/private/secrets.
import { paths, type StoredTool } from '@parley/core';

export const DEMO_TOOL_ID = 'demoOrderStatusTool';

export function demoToolDocuments(ownerID: string, toolsUrl: string, nowMs: number): Record<string, Record<string, unknown>> {
  const tool: StoredTool = {
    id: DEMO_TOOL_ID,
    name: 'get_order_status',
    description: 'The status of a customer order, by its number (try order 1234, 1001 or 2002).',
    serverUrl: `${toolsUrl}/orders/status`,
    method: 'GET',
    fields: [{ in: 'query', key: 'order_id', type: 'string', description: 'The order number', required: true }],
    userId: ownerID,
    hasSecret: true,
    createdAt: nowMs,
    updatedAt: nowMs,
  };
  return { [paths.tool(DEMO_TOOL_ID)]: tool, [paths.toolSecrets(DEMO_TOOL_ID)]: { serverUrlSecret: 'demo-tool-secret' } };
}
