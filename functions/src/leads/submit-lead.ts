// POST /public/agents/{agentId}/conversations/{conversationId}/lead: the widget's lead form. Admitted like the
// visitor's other calls (rate limits, App Check when enforced, the agent's allowed domains); the fields are checked
// by core's checkLeadFields (an invalid e-mail or phone is a 400 with the sentence the form shows, nothing stored)
// and only those the agent's "Collect leads" asks for are kept.
import { askedLeadFields, checkLeadFields, leadCaptureOf, leadsApi, type LeadFields } from '@parley/core';
import { admitVisitor, limitVisitor } from '../access';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { runtimeAgent, type VisitorDeps } from '../conversations';
import { recordLead } from './record-lead';

export const UNKNOWN_CONVERSATION = 'This conversation does not exist.';

export const submitLeadEndpoint = (visitor: VisitorDeps) =>
  defineEndpoint(leadsApi.submitLead, async ({ params, query, body, headers, ip, limits }) => {
    const { agentId, conversationId } = params;
    const region = body.region ?? query.region ?? 'na';
    await limitVisitor(limits, 'lead', ip, agentId, conversationId);
    const agent = await runtimeAgent(visitor.engine, region, agentId);
    await admitVisitor(agent, headers, visitor.appCheck);
    const capture = leadCaptureOf(agent.collectLeads);
    if (!capture) throw new HttpError(400, leadsApi.LEAD_API_MESSAGES.notCollecting);
    const asked = askedLeadFields(capture);
    const offered: LeadFields = Object.fromEntries(asked.map((f) => [f, body[f]]));
    const check = checkLeadFields(offered);
    if (!check.ok) throw new HttpError(400, check.message);
    const outcome = await recordLead(visitor.engine, { region, agentId, conversationId, fields: check.fields, pageUrl: body.pageUrl });
    if (outcome.status === 'no-conversation') throw new HttpError(404, UNKNOWN_CONVERSATION);
    return { body: { success: true, data: { saved: true, created: outcome.created } } };
  });
