// Agent builder journeys: create agents from templates, theme with a custom dark palette, upload limits,
// a URL knowledge source on the website stand-in reaching SUCCESS (and one naming the Firestore emulator refused), and another user being turned away from someone else's agent. The owner
// is a new workspace with one agent; each test but the first works on that agent, so none waits on another.
import type { Page } from 'playwright-core';
import { FAKE_PORTS } from '@parley/local/fakes';
import { portOverride, STACK_PORTS } from '@parley/local/stack/ports';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, saveFailureScreenshot, signIn, type Session } from '../support/browser';
import { journeyWorkspace, type JourneyWorkspace } from '../support/workspace';

let session: Session;
const siteUrl = `http://127.0.0.1:${portOverride('site', FAKE_PORTS.site!)}`;
let owner: JourneyWorkspace;

beforeAll(async () => {
  session = await openBrowser();
  owner = await journeyWorkspace('agent-builder');
  await signIn(session.page, inject('appUrl'), owner.email, owner.password);
  await session.page.waitForURL(/\/app\/na\/agents/);
});
afterEach((ctx) => saveFailureScreenshot(session, ctx));
afterAll(async () => {
  await session?.close();
  await owner?.close();
});

async function createAgent(page: Page, name: string, tab: string, template: string): Promise<string> {
  await page.goto(`${inject('appUrl')}/app/na/agents`);
  await page.getByRole('button', { name: 'New Agent' }).first().click();
  const create = page.getByRole('button', { name: 'Create' });
  expect(await create.isDisabled()).toBe(true);
  await page.getByText('Please provide a name for the agent.').waitFor();
  await page.getByLabel('Agent name').fill(name);
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('radio', { name: template }).click();
  await create.click();
  await page.getByText('Agent created successfully, redirecting...').waitFor();
  await page.waitForURL(/\/app\/na\/agents\/[A-Za-z0-9]{16}\/(overview|nodes)\?showDebugger=true/);
  return /\/agents\/([A-Za-z0-9]{16})\//.exec(page.url())![1]!;
}

describe('agent builder', () => {
  it('creates an agent from a template of each category', async () => {
    const { page } = session;
    await createAgent(page, 'E2E Realty', 'Customer Support', 'Real Estate Agent');
    await page.getByRole('heading', { name: 'Widget Settings' }).waitFor();
    await createAgent(page, 'E2E Booking', 'Utility', 'Make Appointment');
    await createAgent(page, 'E2E Tavern', 'Entertainment', 'Game NPC');
    await page.goto(`${inject('appUrl')}/app/na/agents`);
    for (const title of ['E2E Realty', 'E2E Booking', 'E2E Tavern']) await page.getByRole('link', { name: title }).first().waitFor();
  });

  it('saves a custom dark theme with a palette and keeps it after a reload', async () => {
    const { page } = session;
    await page.goto(`${inject('appUrl')}/app/na/agents/${owner.agentId}/overview`);
    await page.getByRole('tab', { name: 'Theme' }).click();
    await page.getByRole('combobox', { name: 'Widget theme' }).click();
    await page.getByRole('option', { name: 'Custom (dark)' }).click();
    await page.getByLabel('Primary colour').fill('#0f766e');
    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('All changes saved').waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'Theme' }).click();
    expect(await page.getByRole('combobox', { name: 'Widget theme' }).inputValue()).toBe('Custom (dark)');
    expect(await page.getByLabel('Primary colour').inputValue()).toBe('#0f766e');
    expect(await page.getByLabel('Lightness 95').inputValue()).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('alerts when the avatar is over the size limit', async () => {
    const { page } = session;
    await page.goto(`${inject('appUrl')}/app/na/agents/${owner.agentId}/overview`);
    await page.getByRole('tab', { name: 'Theme' }).click();
    // The alert blocks the page until handled: answer it from the listener.
    const alerted = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      });
    });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload Avatar' }).click();
    await (await chooser).setFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: Buffer.alloc(1_200_000, 1) });
    expect(await alerted).toBe('Max size: 1 MBs');
  });

  it('adds a URL source and watches it reach SUCCESS', async () => {
    const { page } = session;
    await page.goto(`${inject('appUrl')}/app/na/agents/${owner.agentId}/kb`);
    await page.getByRole('button', { name: 'Add URL' }).click();
    await page.getByLabel('URL', { exact: true }).fill(`${siteUrl}/hours`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: `${siteUrl}/hours` });
    await row.getByText('SUCCESS').waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain('Web page');
  });

  it('refuses a URL source naming the Firestore emulator, as production refuses private addresses', async () => {
    const { page } = session;
    await page.goto(`${inject('appUrl')}/app/na/agents/${owner.agentId}/kb`);
    await page.getByRole('button', { name: 'Add URL' }).click();
    await page.getByLabel('URL', { exact: true }).fill(`http://127.0.0.1:${STACK_PORTS.firestore}/`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('This address cannot be crawled.').first().waitFor({ timeout: 30_000 });
  });

  it('turns another user away from the agent', async () => {
    // Another signed-up user with a workspace of its own.
    const stranger = await journeyWorkspace('agent-builder-other');
    await stranger.close();
    const other = await openBrowser();
    try {
      await signIn(other.page, inject('appUrl'), stranger.email, stranger.password);
      await other.page.waitForURL(/\/app\/na\/agents/);
      await other.page.goto(`${inject('appUrl')}/app/na/agents/${owner.agentId}/overview`);
      await other.page.getByText('This widget does not exist.').waitFor();
      await other.page.waitForURL(/\/app\/na\/widgets$/);
    } catch (error) {
      await other.page.screenshot({ path: `${import.meta.dirname}/../test-results/other-user.png` }).catch(() => undefined);
      throw new Error(`other user at ${other.page.url()}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await other.close();
    }
  });
});
