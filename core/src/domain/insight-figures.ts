// The Metrics page's figures from an agent's daily rollups, each with its definition (shown in a tooltip). A figure
// whose denominator is 0 is null ("no data"), never 0 % or NaN.
import type { AgentDailyRollup } from '../schemas/rollup';

export interface InsightFigure {
  key: 'resolution' | 'handoff' | 'length' | 'firstResponse' | 'knowledge';
  label: string;
  definition: string;
  value: number | null;
  unit: 'percent' | 'messages' | 'seconds';
}

const total = (days: readonly AgentDailyRollup[], key: keyof AgentDailyRollup) => days.reduce((sum, d) => sum + Number(d[key] ?? 0), 0);
const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

export function insightFigures(days: readonly AgentDailyRollup[]): InsightFigure[] {
  const conversations = total(days, 'conversations');
  const handoffRate = ratio(total(days, 'handoffs'), conversations);
  const answerMs = ratio(total(days, 'handoffAnswerMs'), total(days, 'handoffAnswers'));
  return [
    { key: 'resolution', label: 'Resolution rate', definition: 'Conversations that ended without a handoff, out of all conversations started in the range.', value: handoffRate === null ? null : Math.max(0, 1 - handoffRate), unit: 'percent' },
    { key: 'handoff', label: 'Handoff rate', definition: 'Conversations in which the visitor asked for a person, out of all conversations started in the range.', value: handoffRate, unit: 'percent' },
    { key: 'length', label: 'Average conversation length', definition: 'Messages (visitor, agent and team) per conversation started in the range.', value: ratio(total(days, 'messages'), conversations), unit: 'messages' },
    { key: 'firstResponse', label: 'First response time', definition: 'Average time from a visitor’s handoff request to a team member’s first reply.', value: answerMs === null ? null : answerMs / 1000, unit: 'seconds' },
    { key: 'knowledge', label: 'Knowledge base answers', definition: 'The agent’s answers that cited the knowledge base, out of all its answers.', value: ratio(total(days, 'knowledgeAnswers'), total(days, 'answers')), unit: 'percent' },
  ];
}
