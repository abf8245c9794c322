import { conversationsApi, paths } from '@parley/core';
import { defineEndpoint } from '../http/endpoint';
import { monthKey } from '../credits';
import { runtimeAgent } from './engine';
import { readUsage } from './engine/usage-caps';
import type { VisitorDeps } from './visitor-deps';
import { admitVisitor, limitVisitor } from '../access';
import { stageWrite } from '../adapters/firestore';
import { openingRollupWrite } from '../insights';

/** POST /agents/{id}/analytics: records a widget event; answers this month's message count. */
export const analyticsEndpoint = (visitor: VisitorDeps) => defineEndpoint(conversationsApi.recordAnalytics, async ({ params, body, headers, ip, limits }) => {
  await limitVisitor(limits, 'analytics', ip, params.agentId);
  const deps = visitor.engine;
  const db = deps.db(body.region);
  const agent = await runtimeAgent(deps, body.region, params.agentId);
  await admitVisitor(agent, headers, visitor.appCheck);
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
  // The event and the day's rollup (openings, country, browser) in one commit.
  const counted = openingRollupWrite(agent.ID, now, { browser: String(event.browser), ...(typeof event.countryCode === 'string' ? { countryCode: event.countryCode } : {}) });
  const batch = db.batch();
  batch.create(db.collection(paths.analytics(agent.ID)).doc(), event);
  stageWrite(batch, db, counted);
  await batch.commit();
  const usage = await readUsage(db, agent.ID);
  return { body: { success: true, monthlyMessages: usage.monthly[monthKey(now)] ?? 0 } };
});
