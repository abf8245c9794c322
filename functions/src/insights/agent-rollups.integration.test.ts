// agentRollups as it is deployed (contract parsing and error mapping included), against Google's Firestore
// emulator: a link's range is read for whoever may open the agent's Analytics; a malformed range, a reversed one or
// one longer than a year is refused with the sentence to show, and a stranger is refused.
import { insightsApi, paths } from '@parley/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { call } from '../../test/agency-world';
import { agentRollups } from './agent-rollups';

const AGENT = 'AgentRangeRead01';
const ask = (data: Record<string, unknown>, as: 'ada' | 'eve' = 'ada') => call<{ days: Array<{ day: string; messages: number }> }>(agentRollups, as, { region: 'na', agentId: AGENT, ...data });

beforeAll(async () => {
  const db = databaseFor('na');
  await db.doc(paths.agent(AGENT)).set({ ID: AGENT, title: 'Ranged desk', ownerID: 'ada', agentPlatform: 'vg' });
  for (const [day, messages] of [['2025-12-31', 9], ['2026-01-02', 4], ['2026-01-05', 6]] as const) {
    await db.doc(paths.agentRollup(AGENT, day)).set({ day, agentId: AGENT, messages });
  }
});

describe('agentRollups', () => {
  it('reads the days of the range that had traffic, in order, and nothing outside it', async () => {
    const answer = await ask({ from: '2026-01-01', to: '2026-01-05' });
    expect(answer.days.map((d) => [d.day, d.messages])).toEqual([['2026-01-02', 4], ['2026-01-05', 6]]);
  });

  it('a year (366 days) is read; a day more is refused with the sentence to show', async () => {
    expect((await ask({ from: '2025-01-05', to: '2026-01-05' })).days).toHaveLength(3);
    await expect(ask({ from: '2025-01-04', to: '2026-01-05' })).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringContaining(insightsApi.INSIGHTS_RANGE_MESSAGES.tooLong) });
  });

  it('a malformed or reversed range is refused with its sentence', async () => {
    for (const range of [{ from: '2026-02-30', to: '2026-03-01' }, { from: '1 Jan 2026', to: '2026-03-01' }, { from: '2026-01-01' }]) {
      await expect(ask(range)).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('YYYY-MM-DD') });
    }
    await expect(ask({ from: '2026-01-05', to: '2026-01-01' })).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringContaining(insightsApi.INSIGHTS_RANGE_MESSAGES.reversed) });
  });

  it('someone outside the agent’s workspace reads nothing', async () => {
    await expect(ask({ from: '2026-01-01', to: '2026-01-05' }, 'eve')).rejects.toMatchObject({ code: 'permission-denied' });
  });
});
