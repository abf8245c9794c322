// The built-in lead tool: offered beside the agent's own tools when its "Collect leads" is on and the model is the
// one to ask — on the widget when the setting says "when the visitor is interested", and on every messaging channel
// (they cannot show the widget's form). Its arguments are checked by core's checkLeadFields: an invalid e-mail or
// phone is a result telling the model to ask again, and nothing is stored.
import { askedLeadFields, checkLeadFields, leadCaptureOf, type LeadFields, type Region } from '@parley/core';
import type { RuntimeAgent } from './agent';
import type { OfferedTool, ToolRun } from './tools-port';

export const LEAD_TOOL_NAME = 'save_contact';

/** Stores a conversation's lead (functions/src/leads: recordLead); false when the conversation is not recorded. */
export type LeadPort = (lead: { region: Region; agentId: string; conversationId: string; fields: LeadFields; pageUrl?: string }) => Promise<boolean>;

const FIELD_TEXT: Record<keyof LeadFields, string> = {
  name: "The visitor's name, as they wrote it.",
  email: "The visitor's e-mail address, exactly as they wrote it.",
  phone: "The visitor's phone number with its country code, as they wrote it.",
};

export interface LeadToolContext {
  region: Region;
  agent: RuntimeAgent;
  conversationId: string;
  channel: string;
  /** Whether the conversation is stored (a lead belongs to a stored conversation). */
  recording: boolean;
  pageUrl?: string;
}

/** The lead tool for this turn, or null when it is not offered. */
export function leadToolFor(save: LeadPort, context: LeadToolContext): OfferedTool | null {
  const capture = leadCaptureOf(context.agent.collectLeads);
  if (!capture || !context.recording || context.channel === 'test') return null;
  if (context.channel === 'widget' && capture.when !== 'interested') return null;
  const asked = askedLeadFields(capture);
  const result = (args: string, ok: boolean, text: string): ToolRun => ({
    content: ok ? text : `Error: ${text}`,
    record: { name: LEAD_TOOL_NAME, arguments: args, ok, result: text },
  });
  return {
    name: LEAD_TOOL_NAME,
    description:
      `Save the visitor's contact details (${asked.join(', ')}) once they show real interest (want an offer, a demo, a call back or to buy) ` +
      'and have written them. Ask politely for any that are missing; call it only with values the visitor wrote.',
    parameters: {
      type: 'object',
      properties: Object.fromEntries(asked.map((f) => [f, { type: 'string', description: FIELD_TEXT[f] }])),
      additionalProperties: false,
    },
    async run(raw) {
      let args: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(raw || '{}');
        args = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
      } catch {
        return result(raw, false, 'The arguments are not JSON.');
      }
      const text = (key: string) => (typeof args[key] === 'string' ? (args[key] as string) : undefined);
      const check = checkLeadFields(Object.fromEntries(asked.map((f) => [f, text(f)])));
      if (!check.ok) return result(raw, false, `${check.message} Nothing was saved: ask the visitor for it again.`);
      const saved = await save({ region: context.region, agentId: context.agent.ID, conversationId: context.conversationId, fields: check.fields, ...(context.pageUrl ? { pageUrl: context.pageUrl } : {}) });
      return saved ? result(raw, true, "Saved the visitor's contact details.") : result(raw, false, 'This conversation is not recorded, so nothing was saved.');
    },
  };
}
