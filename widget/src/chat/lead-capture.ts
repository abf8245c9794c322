// When the chat shows the lead form, from the agent's "Collect leads" (read here without its schema: the chat's
// bundle carries none). `start`: before the first message, in place of the message box; `afterMessages`: once the
// visitor has sent that many, above the box, with "Not now"; `interested`: never (the model asks, with its lead tool).
import type { WidgetAgent } from './api';

export type LeadFieldName = 'name' | 'email' | 'phone';
export interface LeadPrompt {
  fields: LeadFieldName[];
  /** Before the first message: the visitor cannot skip it. */
  blocking: boolean;
}

const DEFAULT_FIELDS: Record<LeadFieldName, boolean> = { name: true, email: true, phone: false };

export function leadPrompt(agent: Pick<WidgetAgent, 'collectLeads'>, state: { leadSaved: boolean; visitorMessages: number }): LeadPrompt | null {
  const capture = agent.collectLeads;
  if (!capture || capture.enabled !== true || state.leadSaved) return null;
  const fields = (['name', 'email', 'phone'] as const).filter((f) => capture.fields?.[f] ?? DEFAULT_FIELDS[f]);
  if (fields.length === 0) return null;
  const when = capture.when ?? 'start';
  if (when === 'start') return { fields, blocking: true };
  if (when === 'afterMessages' && state.visitorMessages >= (capture.afterMessages ?? 2)) return { fields, blocking: false };
  return null;
}
