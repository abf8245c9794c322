// Leads: the contact details an agent collects from a visitor (voiceglow/{agentId}/leads/{conversationId}, one per
// conversation, written only by functions), and the agent's "Collect leads" setting that says which fields are
// asked for and when.
import { z } from 'zod';
import { CONVERSATION_CHANNELS } from './conversation';

export const LEAD_FIELDS = ['name', 'email', 'phone'] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];

/**
 * When the visitor is asked: `start` (a short form in the widget before the first message), `afterMessages` (the
 * form after the visitor's N-th message), `interested` (the model saves the lead through its built-in lead tool when
 * it judges the visitor interested). Channels cannot show a form: there the lead tool collects the fields whatever
 * the choice.
 */
export const LEAD_ASK_WHEN = ['start', 'afterMessages', 'interested'] as const;
export type LeadAskWhen = (typeof LEAD_ASK_WHEN)[number];

export const LEAD_AFTER_MESSAGES_DEFAULT = 2;
export const LEAD_AFTER_MESSAGES_MAX = 50;

/** The agent's `collectLeads` setting (off when absent). */
export const leadCaptureSchema = z.object({
  enabled: z.boolean().default(false),
  fields: z
    .object({ name: z.boolean().default(true), email: z.boolean().default(true), phone: z.boolean().default(false) })
    .prefault({}),
  when: z.enum(LEAD_ASK_WHEN).default('start'),
  afterMessages: z.number().int().min(1).max(LEAD_AFTER_MESSAGES_MAX).default(LEAD_AFTER_MESSAGES_DEFAULT),
});
export type LeadCapture = z.infer<typeof leadCaptureSchema>;

/** The fields a capture setting asks for, in display order. */
export const askedLeadFields = (capture: Pick<LeadCapture, 'fields'>): LeadField[] => LEAD_FIELDS.filter((f) => capture.fields[f]);

/** Whether the setting collects anything at all. */
export const collectsLeads = (capture: LeadCapture | null | undefined): capture is LeadCapture =>
  !!capture && capture.enabled && askedLeadFields(capture).length > 0;

export const LEAD_NAME_MAX = 200;

/** A stored lead. Its id is the conversation's: one lead per conversation, updated as more is learned. */
export const leadSchema = z.object({
  ID: z.string(),
  agentId: z.string(),
  conversationId: z.string(),
  channel: z.enum(CONVERSATION_CHANNELS),
  name: z.string().max(LEAD_NAME_MAX).optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  pageUrl: z.string().optional(),
  countryCode: z.string().optional(),
  /** Unix ms. */
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Lower-case words of the name, the e-mail and the phone's digits: what a search term is matched against. */
  searchTerms: z.array(z.string()).default([]),
});
export const storedLeadSchema = leadSchema.loose();
export type Lead = z.infer<typeof leadSchema>;
export type LeadFields = Partial<Pick<Lead, LeadField>>;

/** An agent's stored `collectLeads` as a setting that collects something, or null (absent, off or unreadable: off). */
export function leadCaptureOf(stored: unknown): LeadCapture | null {
  const parsed = leadCaptureSchema.safeParse(stored ?? {});
  return parsed.success && collectsLeads(parsed.data) ? parsed.data : null;
}
