import { conversationsApi, paths } from '@parley/core';
import { databaseFor } from '../adapters/firestore';
import { agencyPoweredBy } from '../agency';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { UNKNOWN_AGENT } from './engine/texts';
import { publicAgent } from './redact';
import { EMBED_ORIGIN_HEADER, requireAllowedOrigin } from '../access';

/** GET /public/agents/{id}: the agent's widget fields (an allowlist), for websites the agent allows. */
export const getPublicAgentEndpoint = defineEndpoint(conversationsApi.getPublicAgent, async ({ params, query, headers }) => {
  const snap = await databaseFor(query.region).doc(paths.agent(params.agentId)).get();
  if (!snap.exists) throw new HttpError(404, UNKNOWN_AGENT);
  const data = snap.data() ?? {};
  // The loader asks from the website itself: a website the agent does not allow gets no widget.
  const allowedDomains = Array.isArray(data.allowedDomains) ? data.allowedDomains.filter((d): d is string => typeof d === 'string') : [];
  requireAllowedOrigin({ allowedDomains }, headers);
  // The agency the owner runs names itself in the widget's "Powered by": one query, after the origin check so
  // a refused website costs no extra read. It rides in the same cached answer as the agent.
  const poweredBy = await agencyPoweredBy(query.region, typeof data.ownerID === 'string' ? data.ownerID : '');
  // Hosting rewrites buffer streamed responses: when the function's direct URL is configured, the widget
  // sends chat messages there so replies stream (firebase-tools#9774).
  const streamBase = process.env.PARLEY_STREAM_API_BASE?.replace(/\/$/, '');
  return {
    body: { success: true, data: { ...publicAgent(data, params.agentId), ...(poweredBy ? { poweredBy } : {}) }, ...(streamBase ? { streamBase } : {}) },
    // The answer depends on the asking website: caches keep one copy per Origin (and declared page).
    headers: { 'cache-control': 'public, max-age=30', vary: `origin, ${EMBED_ORIGIN_HEADER}` },
  };
});
