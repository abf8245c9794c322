// Leads: contact details an agent collects from visitors, one per conversation (voiceglow/{agentId}/leads/{id}).
// record-lead.ts is the one place a lead is created or updated (the widget's form here, the model's lead tool in the
// conversation engine through RuntimeDeps.leads); the Leads page reads leads from Firestore and deletes through
// deleteLead.
import type { Endpoint } from '../http/endpoint';
import type { VisitorDeps } from '../conversations';
import { submitLeadEndpoint } from './submit-lead';

export { deleteLead } from './delete-lead';
export { recordLead, removeLead, type LeadInput, type LeadOutcome, type LeadsDeps } from './record-lead';

/** The widget's lead form. */
export const leadEndpoints = (deps: VisitorDeps): Endpoint[] => [submitLeadEndpoint(deps)];
