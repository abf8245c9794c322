import { conversationsApi, paths } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { loadAgent } from '../runtime/agent';
import { monthKey, readUsage } from '../runtime/limits';
import { UNKNOWN_AGENT } from '../runtime/texts';

/** POST /agents/{id}/analytics: records a widget event; answers this month's message count. */
export const analyticsEndpoint = defineEndpoint(conversationsApi.recordAnalytics, async ({ params, body }) => {
  const db = databaseFor(body.region);
  const agent = await loadAgent(db, params.agentId);
  if (!agent) throw new HttpError(404, UNKNOWN_AGENT);
  const now = Date.now();
  const event: Record<string, unknown> = {
    record: String(body.record),
    ts: body.ts ?? now,
    receivedAt: now,
    browser: body.browser ?? '',
    origin: body.origin ?? '',
    platform: body.platform ?? '',
  };
  // Location data only when the owner enabled geo analytics.
  if (agent.enableGeoAnalytics) {
    if (body.countryCode) event.countryCode = body.countryCode;
    if (body.ipAddress) event.ipAddress = body.ipAddress;
  }
  await db.collection(paths.analytics(agent.ID)).add(event);
  const usage = await readUsage(db, agent.ID);
  return { body: { success: true, monthlyMessages: usage.monthly[monthKey(now)] ?? 0 } };
});
