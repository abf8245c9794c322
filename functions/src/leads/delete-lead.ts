// Callable deleteLead: the Leads page's delete, after its confirmation. Whoever may open the agent's Leads page may
// delete from it: members of the agent's workspace and clients allowed '/leads' (firestore.rules let them read leads;
// only this callable writes).
import { leadsApi } from '@parley/core';
import { HttpsError } from 'firebase-functions/https';
import { callerOf, requireAgentAccess } from '../access';
import { defineCallable } from '../callable/define-callable';
import { removeLead } from './record-lead';

export const LEADS_PAGE = '/leads';

export const deleteLead = defineCallable(leadsApi.deleteLead, async (input, request) => {
  const { db } = await requireAgentAccess(callerOf(request), input.region, input.agentId, { page: LEADS_PAGE });
  if (!(await removeLead(db, input.agentId, input.leadId))) throw new HttpsError('not-found', leadsApi.LEAD_API_MESSAGES.unknownLead);
  return { deleted: true as const };
});
