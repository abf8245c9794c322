// The parts of the provider's server messages we read, each tolerant of missing fields.
import { z } from 'zod';

const millis = z.union([z.string(), z.number()]).optional().transform((v) => (typeof v === 'number' ? v : v && !Number.isNaN(Date.parse(v)) ? Date.parse(v) : undefined));

export const callRefSchema = z
  .object({
    id: z.string().min(1).max(200),
    type: z.string().optional(),
    phoneNumberId: z.string().optional(),
    customer: z.object({ number: z.string().optional() }).loose().optional(),
  })
  .loose();

export const assistantRequestSchema = z.object({
  call: callRefSchema,
  phoneNumber: z.object({ id: z.string().optional(), number: z.string().optional() }).loose().optional(),
  customer: z.object({ number: z.string().optional() }).loose().optional(),
}).loose();

export const statusUpdateSchema = z.object({ call: callRefSchema, status: z.string() }).loose();

export const endOfCallSchema = z
  .object({
    call: callRefSchema,
    endedReason: z.string().default('unknown'),
    cost: z.number().nonnegative().default(0),
    durationSeconds: z.number().nonnegative().optional(),
    startedAt: millis,
    endedAt: millis,
    artifact: z.object({ recordingUrl: z.string().optional() }).loose().optional(),
  })
  .loose();

export const toolCallsSchema = z
  .object({
    call: callRefSchema,
    toolCallList: z.array(z.object({ id: z.string(), function: z.object({ name: z.string(), arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).optional() }).loose() }).loose()).default([]),
  })
  .loose();
