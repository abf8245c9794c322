// Small utilities the widget uses.
import { z } from 'zod';
import { defineContract } from './contract';

/** GET /utils/ip: the caller's ip and country (the CDN's country header; US when unknown). */
export const getCallerIp = defineContract({
  kind: 'endpoint',
  name: 'getCallerIp',
  method: 'GET',
  path: '/utils/ip',
  auth: 'public',
  output: z.object({ ip: z.string(), country: z.string() }),
});
