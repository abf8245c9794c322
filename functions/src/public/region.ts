import { z } from 'zod';
import type { Region } from '@parley/core';

/** A region as the widget sends it: na/eu, or the database ("bucket") name agents store. */
export const regionParamSchema = z
  .enum(['na', 'eu', '(default)', 'voiceglow-eu'])
  .transform((value): Region => (value === 'eu' || value === 'voiceglow-eu' ? 'eu' : 'na'));

export function regionOf(query: URLSearchParams, body?: { region?: Region }): Region {
  if (body?.region) return body.region;
  const parsed = regionParamSchema.safeParse(query.get('region') ?? 'na');
  return parsed.success ? parsed.data : 'na';
}

export const agentIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
