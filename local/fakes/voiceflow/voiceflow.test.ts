import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './index';

let fake: Awaited<ReturnType<typeof start>>;
beforeAll(async () => {
  fake = await start({ port: 0 });
});
afterAll(() => fake.stop());

const interact = (user: string, action: unknown, key = 'VF.DM.abc.def') =>
  fetch(`${fake.url}/state/user/${user}/interact`, { method: 'POST', headers: { authorization: key }, body: JSON.stringify({ action }) });

describe('Voiceflow fake', () => {
  it('answers launch and text with speak/text traces derived from the request', async () => {
    const launch = (await (await interact('u1', { type: 'launch' })).json()) as Array<{ type: string }>;
    expect(launch.map((t) => t.type)).toEqual(['speak', 'text']);
    const text = (await (await interact('u1', { type: 'text', payload: 'opening hours' })).json()) as unknown[];
    expect(text[0]).toEqual({ type: 'text', payload: { message: 'Voiceflow heard "opening hours" (turn 2).' } });
  });

  it('refuses a missing or malformed dialogue key', async () => {
    expect((await interact('u2', { type: 'launch' }, '')).status).toBe(401);
    expect((await interact('u2', { type: 'launch' }, 'Bearer nope')).status).toBe(401);
  });
});
