import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, saveFailureScreenshot, signIn, type Session } from '../support/browser';

let session: Session;
beforeAll(async () => {
  session = await openBrowser();
});
afterEach((ctx) => saveFailureScreenshot(session, ctx));
afterAll(() => session?.close());

describe('demo user signs in', () => {
  it('opens the app, signs in and sees the demo agent in the agent list', async () => {
    const appUrl = inject('appUrl');
    const demo = inject('demo');
    const { page } = session;

    await signIn(page, appUrl, demo.email, demo.password);

    await page.waitForURL(/\/app\/na\/agents/);
    const agent = page.getByRole('link', { name: demo.agentTitle });
    await agent.first().waitFor({ state: 'visible' });
    expect(await agent.count()).toBeGreaterThanOrEqual(1);
    expect(new URL(page.url()).pathname).toBe('/app/na/agents');
  });
});
