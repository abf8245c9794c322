// Leads: the widget's lead form (the visitor's half, public) and the Leads page's delete (a callable). The Leads page
// and Chats read leads and conversations from Firestore directly (firestore.rules: members, clients with '/leads',
// the agency admin). Stored shape and the "Collect leads" setting: core/src/schemas/lead.ts; the checks of e-mail
// and phone: core/src/validation/lead.ts.
import { z } from 'zod';
import { regionSchema } from '../region';
import { conversationIdSchema } from '../schemas/conversation';
import { LEAD_NAME_MAX } from '../schemas/lead';
import { agentIdSchema, callable, endpoint } from './contract';

export const LEAD_API_MESSAGES = {
  unknownLead: 'This lead does not exist.',
  notCollecting: 'This agent does not collect leads.',
} as const;

const leadParams = z.object({ agentId: agentIdSchema, conversationId: conversationIdSchema });

/**
 * POST /public/agents/{agentId}/conversations/{conversationId}/lead: the widget's lead form. The fields are checked
 * by core's checkLeadFields: an invalid e-mail or phone is 400 with the sentence to show, and nothing is stored.
 * Only fields the agent's "Collect leads" asks for are kept (400 when it collects none). The conversation must exist
 * (404 "This conversation does not exist.": only the chat creates conversations). `created` is true for the
 * conversation's first lead; later forms update it.
 */
export const submitLead = endpoint('submitLead', 'POST', '/public/agents/:agentId/conversations/:conversationId/lead', 'public', {
  params: leadParams,
  query: z.object({ region: regionSchema.optional() }),
  body: z.object({
    region: regionSchema.optional(),
    name: z.string().max(LEAD_NAME_MAX * 2).optional(),
    email: z.string().max(320).optional(),
    phone: z.string().max(40).optional(),
    pageUrl: z.string().max(2048).optional(),
  }),
  output: z.object({ success: z.literal(true), data: z.object({ saved: z.literal(true), created: z.boolean() }) }),
});

/**
 * Callable deleteLead: removes a conversation's lead (the Leads page, after its confirmation) and clears the
 * conversation's lead mark. Members of the agent's workspace and agency clients allowed '/leads' on the agent.
 * not-found "This lead does not exist.".
 */
export const deleteLead = callable('deleteLead', {
  input: z.object({ region: regionSchema, agentId: agentIdSchema, leadId: conversationIdSchema }),
  output: z.object({ deleted: z.literal(true) }),
});
