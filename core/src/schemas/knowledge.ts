// Knowledge base: documents stored under the agent (voiceglow/{agentId}/kb/{docId}) and their sources.
import { z } from 'zod';
import { storedTimestampSchema } from './common';

export const KB_SOURCE_STATUSES = ['ERROR', 'SUCCESS', 'PENDING', 'INITIALIZED'] as const;
export const KB_REFRESH_RATES = ['1h', '6h', '12h', '24h', '7d', 'never'] as const;
export const KB_SOURCE_TYPES = ['doc', 'url'] as const;
/** Refresh interval in seconds for each refresh rate (never → null). */
export const KB_REFRESH_RATE_SECONDS: Readonly<Record<(typeof KB_REFRESH_RATES)[number], number | null>> = {
  '1h': 3600, '6h': 21600, '12h': 43200, '24h': 86400, '7d': 604800, never: null,
};

export const kbSourceStatusSchema = z.enum(KB_SOURCE_STATUSES);
export const kbRefreshRateSchema = z.enum(KB_REFRESH_RATES);
export type KbSourceStatus = z.infer<typeof kbSourceStatusSchema>;
export type KbRefreshRate = z.infer<typeof kbRefreshRateSchema>;

export const kbDocumentSchema = z.object({
  ID: z.string().min(1),
  name: z.string().default(''),
  content: z.string().default(''),
  ts: storedTimestampSchema.optional(),
  userId: z.string().min(1),
  agentId: z.string().min(1),
});
export const storedKbDocumentSchema = kbDocumentSchema.loose();
export type KbDocument = z.infer<typeof kbDocumentSchema>;

export const kbSourceSchema = z.object({
  url: z.string().optional(),
  content: z.string().optional(),
  contentURL: z.string().optional(),
  sourceType: z.enum(KB_SOURCE_TYPES),
  refreshRate: kbRefreshRateSchema.default('never'),
  status: kbSourceStatusSchema.default('INITIALIZED'),
  charCount: z.number().int().nonnegative().default(0),
  dimensions: z.number().int().positive().optional(),
  tags: z.array(z.string()).default([]),
  chunkIds: z.array(z.string()).default([]),
  lastRefreshTS: z.number().nonnegative().optional(),
}).refine((s) => s.sourceType !== 'url' || !!s.url, { message: 'A url source needs a url', path: ['url'] });
export type KbSource = z.infer<typeof kbSourceSchema>;

/** A kb document carrying its source metadata (what voiceglow/{id}/kb/{docId} holds for crawled sources). */
export const kbEntrySchema = kbDocumentSchema.extend({
  url: z.string().optional(),
  contentURL: z.string().optional(),
  sourceType: z.enum(KB_SOURCE_TYPES).optional(),
  refreshRate: kbRefreshRateSchema.optional(),
  status: kbSourceStatusSchema.optional(),
  charCount: z.number().int().nonnegative().optional(),
  dimensions: z.number().int().positive().optional(),
  tags: z.array(z.string()).optional(),
  chunkIds: z.array(z.string()).optional(),
  lastRefreshTS: z.number().nonnegative().optional(),
});
export const storedKbEntrySchema = kbEntrySchema.loose();
export type KbEntry = z.infer<typeof kbEntrySchema>;
