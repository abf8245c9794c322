import { describe, expect, it } from 'vitest';
import { agentDailyRollupSchema } from '../schemas/rollup';
import { insightFigures } from './insight-figures';

const day = (fields: Record<string, unknown>) => agentDailyRollupSchema.parse({ day: '2026-11-01', agentId: 'a', ...fields });
const valueOf = (figures: ReturnType<typeof insightFigures>, key: string) => figures.find((f) => f.key === key)!.value;

describe('the Metrics figures', () => {
  it('add the days up: 1 handoff in 4 conversations is a 25 % handoff rate and a 75 % resolution rate', () => {
    const figures = insightFigures([
      day({ conversations: 3, messages: 12, handoffs: 1, answers: 5, knowledgeAnswers: 1, handoffAnswers: 1, handoffAnswerMs: 30_000 }),
      day({ day: '2026-11-02', conversations: 1, messages: 4, answers: 5, knowledgeAnswers: 4, handoffAnswers: 1, handoffAnswerMs: 90_000 }),
    ]);
    expect(valueOf(figures, 'handoff')).toBe(0.25);
    expect(valueOf(figures, 'resolution')).toBe(0.75);
    expect(valueOf(figures, 'length')).toBe(4);
    expect(valueOf(figures, 'firstResponse')).toBe(60);
    expect(valueOf(figures, 'knowledge')).toBe(0.5);
  });

  it('say "no data" (null) for a range without conversations, answers or handoffs', () => {
    expect(insightFigures([]).map((f) => f.value)).toEqual([null, null, null, null, null]);
  });

  it('give every figure a definition', () => {
    for (const figure of insightFigures([])) expect(figure.definition.length).toBeGreaterThan(20);
  });
});
