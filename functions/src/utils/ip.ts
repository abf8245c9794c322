import { utilsApi } from '@parley/core';
import { countryFromHeaders } from '../http/country';
import { defineEndpoint } from '../http/endpoint';

/** GET /utils/ip: the caller's ip and country (from the CDN's country header; US when unknown, e.g. locally). */
export const ipEndpoint = defineEndpoint(utilsApi.getCallerIp, async ({ ip, headers }) => {
  return { body: { ip, country: countryFromHeaders(headers) ?? 'US' } };
});
