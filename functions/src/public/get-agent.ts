import { z } from 'zod';
import { paths } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { UNKNOWN_AGENT } from '../runtime/texts';
import { agentIdParam, regionOf } from './region';
import { publicAgent } from './redact';

export const getPublicAgentInput = z.object({ region: z.string().optional() }).loose();

/** GET /public/agents/{id}: the redacted agent the widget renders. */
export const getPublicAgentEndpoint = defineEndpoint({
  method: 'GET',
  path: '/public/agents/:agentId',
  input: getPublicAgentInput,
  handler: async ({ params, query }) => {
    const agentId = agentIdParam.safeParse(params.agentId);
    if (!agentId.success) throw new HttpError(404, UNKNOWN_AGENT);
    const snap = await databaseFor(regionOf(query)).doc(paths.agent(agentId.data)).get();
    if (!snap.exists) throw new HttpError(404, UNKNOWN_AGENT);
    // Hosting rewrites buffer streamed responses: when the function's direct URL is configured, the widget
    // sends chat messages there so replies stream (firebase-tools#9774).
    const streamBase = process.env.PARLEY_STREAM_API_BASE?.replace(/\/$/, '');
    return {
      body: { success: true, data: publicAgent(snap.data() ?? {}, agentId.data), ...(streamBase ? { streamBase } : {}) },
      headers: { 'cache-control': 'public, max-age=30' },
    };
  },
});
