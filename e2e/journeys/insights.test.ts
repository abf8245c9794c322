// Insights: a visitor on a shop's website leaves name and e-mail and chats; the owner then sees exactly that on the
// Analytics page (today's conversation, exported as CSV), clicks today's bar into Chats filtered to today, and finds
// it on Home (this week's figures, the latest lead), Metrics and Sessions. Everything asserted is this journey's own
// workspace's, whose agent had no traffic before.
import { describe, expect, inject, it } from 'vitest';
import { downloadedText, openWidget, sendAndAwaitAnswer, useVisitorAndOwner } from '../support/visitor-and-owner';

const NAME = 'Ines Okafor';
const EMAIL = 'ines.okafor@example.com';
const QUESTION = 'Can I order a birthday cake for Friday?';
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
});
