import { utilsApi } from '@parley/core';
import { defineEndpoint } from '../http/endpoint';

/** GET /utils/ip: the caller's ip and country (from the CDN's country header; unknown locally). */
export const ipEndpoint = defineEndpoint(utilsApi.getCallerIp, async ({ ip, headers }) => {
  const header = headers['x-appengine-country'] ?? headers['cf-ipcountry'] ?? headers['x-country'];
  const country = (Array.isArray(header) ? header[0] : header)?.toUpperCase() ?? 'US';
  return { body: { ip, country } };
});
