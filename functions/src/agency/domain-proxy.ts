// GET /proxy?domain=: the TLS front end asks whether it may serve a host: 200 for a verified agency subdomain
// or custom domain (either region), 404 otherwise. Public and rate-limited.
import { agencyApi } from '@parley/core';
import { defineEndpoint, HttpError } from '../http/endpoint';
import type { RateRule } from '../rate-limits';
import { brandingForHost } from './agency-by-host';

export const DOMAIN_PROXY_RULE: RateRule = { name: 'domain-proxy-ip', limit: 600, windowMs: 60_000 };

export const domainProxyEndpoint = defineEndpoint(agencyApi.domainProxyCheck, async ({ query, ip, limits }) => {
  await limits.enforce({ rule: DOMAIN_PROXY_RULE, key: ip });
  if (!(await brandingForHost(query.domain))) throw new HttpError(404, agencyApi.AGENCY_API_MESSAGES.hostNotConnected);
  return { body: { live: true as const } };
});
