// Small utilities the widget uses.
import { z } from 'zod';
import { endpoint } from './contract';

/** GET /utils/ip: the caller's ip and country (the CDN's country header; US when unknown). */
export const getCallerIp = endpoint('getCallerIp', 'GET', '/utils/ip', 'public', {
  output: z.object({ ip: z.string(), country: z.string() }),
});
