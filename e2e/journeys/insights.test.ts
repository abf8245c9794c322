// Insights: a visitor on a shop's website leaves name and e-mail and chats; the owner then sees exactly that on the
// Analytics page (today's conversation, exported as CSV), clicks today's bar into Chats filtered to today, and finds
// it on Home (this week's figures, the latest lead), Metrics and Sessions. Then a client of the owner's agency, allowed
// Home, Analytics and Leads, signs in on the agency's host and lands on Home with the lead, and sees nothing of another
// org's agent. Chats, with 150 more conversations, reaches the oldest by paging and by its visitor's e-mail.
// Everything asserted is this journey's own workspace's, whose agent had no traffic before.
import { describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { openBrowser } from '../support/browser';
import { downloadedText, openWidget, sendAndAwaitAnswer, useVisitorAndOwner } from '../support/visitor-and-owner';
import { callAsOwner } from '../support/workspace';

const NAME = 'Ines Okafor';
const EMAIL = 'ines.okafor@example.com';
const QUESTION = 'Can I order a birthday cake for Friday?';
const PAGED_EMAIL = 'paged.visitor@example.com';
const today = () => new Date().toISOString().slice(0, 10);

const world = useVisitorAndOwner('insights', 'Bakery Insights Agent', 'Bakery', {
  recordChatHistory: true, messageDelayMS: 0,
  collectLeads: { enabled: true, fields: { name: true, email: true, phone: false }, when: 'start' },
});
const agentUrl = () => `${inject('appUrl')}/app/na/agents/${world.workspace.agentId}`;

describe('insights', () => {
  it('a visitor on a shop’s page leaves name and e-mail, then chats', async () => {
    const chat = await openWidget(world.visitor, world.site);
    const form = chat.getByRole('form', { name: 'Before we start, how can we reach you?' });
    await form.waitFor({ timeout: 20_000 });
    for (const [label, value] of [['Name', NAME], ['E-mail', EMAIL]] as const) await form.getByLabel(label).fill(value);
    await form.getByRole('button', { name: 'Continue' }).click();
    await form.waitFor({ state: 'detached' });
    await sendAndAwaitAnswer(chat, QUESTION);
  });

  it('Analytics for today shows exactly the journey’s conversation, and its CSV says so', async () => {
    const { page } = world.owner;
    await page.goto(`${agentUrl()}/analytics`);
    await page.locator('label', { hasText: '7 days' }).click();
    expect(await page.getByRole('radio', { name: '7 days' }).isChecked()).toBe(true);
    const card = page.locator('[data-chart="conversations-messages"]');
    // Today's messages: the last bar (a quiet day's bars have no height and are hidden).
    await card.locator('.recharts-bar-rectangle').last().waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Export CSV of Conversations and messages' }).click()]);
    const lines = (await downloadedText(download)).slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(8);
    const [, conversations, messages] = lines[7]!.split(',');
    expect(lines[7]!.startsWith(today())).toBe(true);
    expect(conversations).toBe('1');
    // The visitor's question and the agent's answer (the lead form is not a message).
    expect(Number(messages)).toBeGreaterThanOrEqual(2);
    expect(lines.slice(1, 7).every((l) => l.endsWith(',0,0'))).toBe(true);
    const leads = page.locator('[data-chart="handoffs-leads"]');
    await leads.locator('.recharts-bar-rectangle').last().waitFor();
  });

  it('clicking today’s bar opens Chats filtered to today, listing the conversation', async () => {
    const { page } = world.owner;
    const bars = page.locator('[data-chart="conversations-messages"] .recharts-bar-rectangle');
    await bars.last().click();
    await page.waitForURL(new RegExp(`/convos\\?from=${today()}&to=${today()}`));
    const conversations = page.getByRole('navigation', { name: 'Conversations' }).getByRole('button');
    await conversations.filter({ hasText: NAME }).first().waitFor();
    expect(await conversations.count()).toBe(1);
  });

  it('Home shows this week’s conversation and lead, and the latest lead', async () => {
    const { page } = world.owner;
    await page.goto(`${agentUrl()}/home`);
    const conversations = page.locator('[data-figure="conversations"]');
    await conversations.getByText('1', { exact: true }).waitFor({ timeout: 20_000 });
    await page.locator('[data-figure="leads"]').getByText('1', { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Latest leads' }).getByRole('link', { name: NAME }).waitFor();
    expect(await page.getByRole('link', { name: 'Try your agent' }).getAttribute('href')).toContain(world.workspace.agentId);
  });

  it('Metrics shows the figures with their definitions; Sessions lists the session with its lead', async () => {
    const { page } = world.owner;
    await page.goto(`${agentUrl()}/metrics`);
    const handoff = page.locator('[data-metric="handoff"]');
    await handoff.getByText('0 %').waitFor({ timeout: 20_000 });
    expect(await handoff.getAttribute('aria-label')).toContain('asked for a person');
    await page.locator('[data-metric="resolution"]').getByText('100 %').waitFor();

    await page.goto(`${inject('appUrl')}/app/na/sessions`);
    const row = page.getByRole('table', { name: 'Sessions' }).getByRole('row').filter({ hasText: 'Bakery Insights Agent' });
    await row.first().waitFor({ timeout: 20_000 });
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('Yes');
    await page.getByLabel('Live now').check();
    await row.first().waitFor();
    await row.getByRole('link', { name: 'Bakery Insights Agent' }).click();
    await page.waitForURL(/\/convos\?conversation=/);
    await page.getByLabel('Transcript').getByText(QUESTION, { exact: true }).waitFor();
  });

  it('Chats reaches the 150th of 150 more conversations by paging, and finds it by its visitor’s e-mail', async () => {
    const { workspace, owner: { page } } = world;
    // 150 conversations older than the visitor's, written as the chat writes their summaries; the oldest left a lead.
    const batch = workspace.db.batch();
    const start = Date.now() - 200 * 60_000;
    for (let i = 1; i <= 150; i++) {
      const id = `paged-${String(i).padStart(3, '0')}`;
      const at = start - i * 60_000;
      const lead = i === 150 ? { hasLead: true, lead: { email: PAGED_EMAIL }, searchTerms: [PAGED_EMAIL] } : { hasLead: false };
      batch.set(workspace.db.doc(`voiceglow/${workspace.agentId}/conversations/${id}`), {
        ID: id, agentId: workspace.agentId, ownerID: workspace.uid, channel: 'widget', createdAt: at - 1000, updatedAt: at,
        lastMessage: `Paged question ${i}`, lastMessageAt: at, messageCount: 2, control: 'ai', handoffRequested: false, handedOff: false, visitor: {}, ...lead,
      });
    }
    await batch.commit();
    await page.goto(`${agentUrl()}/convos`);
    const list = page.getByRole('navigation', { name: 'Conversations' }).getByRole('button');
    await list.filter({ hasText: 'Paged question 99' }).waitFor({ timeout: 20_000 });
    expect(await list.filter({ hasText: 'Paged question 150' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Load older conversations' }).click();
    await list.filter({ hasText: 'Paged question 150' }).waitFor();
    await page.getByLabel('Search conversations').fill(PAGED_EMAIL.toUpperCase());
    await expect.poll(() => list.allTextContents()).toEqual([expect.stringContaining(PAGED_EMAIL)]);
  });

  it('a client allowed Home, Analytics and Leads signs in on the agency host: Home with the lead, nothing of another org', async () => {
    const { workspace } = world;
    // The agency, its verified subdomain, the client's org with the agent, and another org with an agent of its own
    // and a lead, made through the callables and admin: the client's screens are what this step is about.
    const subdomain = `bakery-${randomBytes(3).toString('hex')}`;
    const { agency } = await callAsOwner<{ agency: { ID: string } }>(workspace, 'initAgency', { region: 'na' });
    await workspace.db.doc(`agencies/${agency.ID}`).set({ VGsubDomain: `${subdomain}.localhost`, isVerifiedSubDomain: true }, { merge: true });
    const otherAgent = `${workspace.agentId}Other`;
    await workspace.db.doc(`voiceglow/${otherAgent}`).set({ ID: otherAgent, title: 'Other Org Agent', ownerID: workspace.uid, agentPlatform: 'vg' });
    const now = Date.now();
    await workspace.db.doc(`voiceglow/${otherAgent}/leads/other-conv`).set({ ID: 'other-conv', agentId: otherAgent, conversationId: 'other-conv', channel: 'widget', name: 'Olga Other', createdAt: now, updatedAt: now });
    await callAsOwner(workspace, 'createOrg', { region: 'na', name: 'Other Org', widgetIDs: [otherAgent] });
    const { org } = await callAsOwner<{ org: { ID: string } }>(workspace, 'createOrg', { region: 'na', name: 'Bakery Org', widgetIDs: [workspace.agentId] });
    const email = `${subdomain}@bakery-org.test`;
    const { dashboardPassword } = await callAsOwner<{ dashboardPassword: string }>(workspace, 'createClient', {
      region: 'na', orgId: org.ID, name: 'Bea Baker', email, canAccess: ['/home', '/analytics', '/leads'], widgetIDs: [workspace.agentId],
    });

    const client = await openBrowser();
    try {
      const { page } = client;
      await page.goto(`http://${subdomain}.localhost:5000/`);
      await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(dashboardPassword);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(new RegExp(`/app/na/agents/${workspace.agentId}/home$`), { timeout: 30_000 });
      await page.getByRole('table', { name: 'Latest leads' }).getByRole('link', { name: NAME }).waitFor({ timeout: 20_000 });
      await page.locator('[data-figure="leads"]').getByText('1', { exact: true }).waitFor();
      const tabs = page.getByRole('navigation', { name: 'Agent sections' }).getByRole('link');
      expect(await tabs.allTextContents()).toEqual(['Home', 'Analytics', 'Leads']);
      expect(await page.getByText('Other Org Agent').count()).toBe(0);
      expect(await page.getByText('Olga Other').count()).toBe(0);
    } finally {
      await client.close();
    }
  }, 180_000);
});
