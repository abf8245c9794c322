// The two browsers of a journey on a shop's website: a visitor on the shop's page with the agent's widget, and the
// workspace owner signed in to the dashboard, with their failure screenshots and their closing. Call it at the top
// level of a journey file: it registers the file's hooks.
import type { Download, FrameLocator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { openBrowser, saveFailureScreenshot, signIn, type Session } from './browser';
import { shopSite, type ShopSite } from './shop-site';
import { journeyWorkspace, type JourneyWorkspace } from './workspace';

export interface VisitorAndOwner {
  visitor: Session;
  owner: Session;
  site: ShopSite;
  workspace: JourneyWorkspace;
}

/** Fills in once the journey's beforeAll has run; `agentFields` are merged into the journey's agent first. */
export function useVisitorAndOwner(name: string, agentTitle: string, siteTitle: string, agentFields: Record<string, unknown>): VisitorAndOwner {
  const world = {} as VisitorAndOwner;
  beforeAll(async () => {
    const appUrl = inject('appUrl');
    world.workspace = await journeyWorkspace(name, agentTitle);
    await world.workspace.db.doc(`voiceglow/${world.workspace.agentId}`).set(agentFields, { merge: true });
    world.site = await shopSite(appUrl, world.workspace.agentId, siteTitle);
    world.visitor = await openBrowser();
    world.owner = await openBrowser();
    await signIn(world.owner.page, appUrl, world.workspace.email, world.workspace.password);
    await world.owner.page.waitForURL(/\/app\/na\/agents/);
  }, 180_000);
  afterEach(async (ctx) => {
    await saveFailureScreenshot(world.visitor, { task: { ...ctx.task, name: `visitor ${ctx.task.name}` } });
    await saveFailureScreenshot(world.owner, { task: { ...ctx.task, name: `owner ${ctx.task.name}` } });
  });
  afterAll(async () => {
    await world.site?.close();
    await world.visitor?.close();
    await world.owner?.close();
    await world.workspace?.close();
  });
  return world;
}

/** The widget's chat frame on the visitor's page, opened. */
export async function openWidget(visitor: Session, site: ShopSite): Promise<FrameLocator> {
  await visitor.page.goto(site.url);
  await visitor.page.getByRole('button', { name: /Open chat/ }).click();
  return visitor.page.frameLocator('iframe[title^="Chat"]');
}

/** A downloaded file's text (the browser runs apart from the test: the file is read through its stream). */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The visitor sends `text` in the widget and waits for the agent's answer (the LLM stand-in echoes the question). */
export async function sendAndAwaitAnswer(chat: FrameLocator, text: string): Promise<void> {
  await chat.getByRole('textbox').fill(text);
  await chat.getByRole('button', { name: 'Send', exact: true }).click();
  await chat.locator('.row.assistant', { hasText: text }).first().waitFor({ timeout: 30_000 });
}
