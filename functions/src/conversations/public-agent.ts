import { conversationsApi, paths } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { UNKNOWN_AGENT } from '../runtime/texts';
import { publicAgent } from './redact';

/** GET /public/agents/{id}: the redacted agent the widget renders. */
export const getPublicAgentEndpoint = defineEndpoint(conversationsApi.getPublicAgent, async ({ params, query }) => {
  const snap = await databaseFor(query.region).doc(paths.agent(params.agentId)).get();
  if (!snap.exists) throw new HttpError(404, UNKNOWN_AGENT);
  // Hosting rewrites buffer streamed responses: when the function's direct URL is configured, the widget
  // sends chat messages there so replies stream (firebase-tools#9774).
  const streamBase = process.env.PARLEY_STREAM_API_BASE?.replace(/\/$/, '');
  return {
    body: { success: true, data: publicAgent(snap.data() ?? {}, params.agentId), ...(streamBase ? { streamBase } : {}) },
    headers: { 'cache-control': 'public, max-age=30' },
  };
});
