/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Agency white-label: a new owner sets up "Acme" (name, logo, font, palette), claims the subdomain acme (the
// local Hosting stand-in verifies it), opens http://acme.localhost:5000/ and finds only Acme there, adds a custom
// tab whose script runs in its sandbox, and meets the validation messages for domains, font and tab URLs (the
// conflicts from a second account in the other region). The Email tab adds a sending domain, sees its records,
// follows polling to verified and e-mails the DNS instructions.
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, saveFailureScreenshot, signIn, type Session } from '../support/browser';
import { signUpAndVerify } from '../support/verify-email';
import { journeyWorkspace, type JourneyWorkspace } from '../support/workspace';
import { verifySubdomain } from '../support/domains';

let session: Session;
let workspace: JourneyWorkspace;
beforeAll(async () => {
  workspace = await journeyWorkspace('agency-whitelabel');
  session = await openBrowser();
  await signIn(session.page, inject('appUrl'), workspace.email, workspace.password);
  await session.page.waitForURL(/\/app\/na\/agents/);
});
afterEach((ctx) => saveFailureScreenshot(session, ctx));
afterAll(async () => {
  await session?.close();
  await workspace?.close();
});

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).click();
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await toast(page, 'Saved successfully');
  await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
}

/** Replaces a CodeMirror pane's text. */
async function typeCode(page: Page, pane: string, code: string) {
  const editor = page.getByRole('group', { name: pane }).locator('.cm-content');
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

const ACME_CUSTOM_DOMAIN = 'app.acme-agency.com';
const INITIALISE = 'Initialize agency settings';

/**
 * The agency page with the agency set up: a test that is not about setting it up initialises it itself when the
 * first test did not get that far. The agency callables' first call starts their functions in the emulator (a cold start).
 */
async function openAgency(page: Page, query = '') {
  await page.goto(`${inject('appUrl')}/app/na/agency${query}`);
  const initialise = page.getByRole('button', { name: INITIALISE });
  await initialise.or(page.getByRole('tab', { name: 'Overview', exact: true })).first().waitFor({ timeout: 90_000 });
  if (await initialise.isVisible()) {
    await initialise.click();
    await toast(page, 'Agency settings initialized');
  }
}

/**
 * The custom-domain form. Without custom-branding access the upsell shows instead (Upgrade Plan or the addon)
 * with the 14-day white-label trial, which is started here as an owner would.
 */
async function customDomainAccess(page: Page) {
  const customForm = page.getByRole('form', { name: 'Custom domain form' });
  const trial = page.getByRole('button', { name: 'Start 14-day free trial' });
  await customForm.or(trial).first().waitFor();
  if (await trial.isVisible()) {
    await page.getByRole('link', { name: /^(Upgrade Plan \(\$70\/month\)|Get Whitelabel Addon \(\$50\/month\))$/ }).waitFor();
    await trial.click();
    await page.getByText(/^White-label trial active until /).first().waitFor();
  }
  await customForm.waitFor();
  return customForm;
}

describe('agency white-label', () => {
  it('sets up Acme, claims acme.localhost and serves it with nothing of the platform on it', async () => {
    const { page } = session;
    // A new workspace has no agency yet. The agency callables' first call starts their functions in the emulator.
    await page.goto(`${inject('appUrl')}/app/na/agency`);
    await page.getByRole('button', { name: INITIALISE }).click({ timeout: 90_000 });
    await toast(page, 'Agency settings initialized');

    // Overview: name and logo; the preview follows the draft.
    await page.getByLabel('Agency name').fill('Acme');
    await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();
    await page.locator('input[type=file]').first().setInputFiles({ name: 'acme.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('img', { name: 'Square logo preview' }).waitFor();
    expect(await page.getByTestId('preview-login').textContent()).toContain('Acme');

    // Theme: a font the fonts service does not know, then a real one; usage, variant and a palette.
    await tab(page, 'Theme');
    const font = page.getByLabel('Google font');
    await font.fill('Notafont Zzz');
    await font.blur();
    await page.getByText('This font name is not a valid one, please double check font name.').waitFor();
    await font.fill('Roboto');
    await font.blur();
    await expect.poll(() => page.getByText('This font name is not a valid one, please double check font name.').count()).toBe(0);
    const preview = page.locator('.agency-preview');
    await page.locator('label', { hasText: /^Colorful$/ }).click();
    expect(await preview.getAttribute('data-usage')).toBe('colorful');
    await page.locator('label', { hasText: /^Bordered$/ }).click();
    expect(await preview.getAttribute('data-variant')).toBe('bordered');
    await page.getByLabel('Primary colour').fill('#e8590c');
    await expect.poll(() => preview.getAttribute('data-primary')).not.toBe('#228be6');
    await save(page);

    // Domains: the custom domain's messages (with the white-label trial for access), then the subdomain.
    await tab(page, 'Domains');
    const customForm = await customDomainAccess(page);
    await customForm.getByRole('button', { name: 'Save custom domain' }).click();
    await customForm.getByText('Please enter a custom domain').waitFor();
    await customForm.getByLabel('Custom domain').fill('example.com');
    await customForm.getByRole('button', { name: 'Save custom domain' }).click();
    await customForm.getByText('Please input a subdomain: "example.com"').waitFor();
    // Acme's own domain: claimed (its DNS records wait for the agency's DNS), so no other account may take it.
    await customForm.getByLabel('Custom domain').fill(ACME_CUSTOM_DOMAIN);
    await customForm.getByRole('button', { name: 'Save custom domain' }).click();
    await toast(page, 'Domain verification pending..');
    await page.getByLabel('Custom domain value').filter({ hasText: ACME_CUSTOM_DOMAIN }).waitFor();

    const subForm = page.getByRole('form', { name: 'Subdomain form' });
    await subForm.getByLabel('Subdomain').fill('Acme');
    await subForm.getByRole('button', { name: 'Save subdomain' }).click();
    await toast(page, 'Domain verification pending..');
    await page.getByText('acme.localhost', { exact: true }).waitFor();
    await verifySubdomain(page);

    // The agency's host: its name, logo and title, and no trace of the platform.
    const agencyPage = await session.context.newPage();
    await agencyPage.goto('http://acme.localhost:5000/');
    await agencyPage.getByRole('img', { name: 'Acme' }).first().waitFor();
    expect(await agencyPage.title()).toBe('Acme');
    const trace = await agencyPage.evaluate(() => ({
      text: document.body.innerText,
      title: document.title,
      links: [...document.querySelectorAll('a[href], link[href]')].map((l) => l.getAttribute('href') ?? ''),
      icons: [...document.querySelectorAll('link[rel~=icon]')].map((l) => l.getAttribute('href') ?? ''),
      meta: [...document.querySelectorAll('meta[content]')].map((m) => m.getAttribute('content') ?? ''),
    }));
    expect(trace.text).toContain('Acme');
    for (const value of [trace.text, trace.title, ...trace.links, ...trace.icons, ...trace.meta]) expect(value.toLowerCase()).not.toContain('parley');
    await agencyPage.close();
  });

  it('another account (in the other region) meets the domain-conflict messages for acme and for Acme\'s own domain', async () => {
    const appUrl = inject('appUrl');
    const other = await openBrowser();
    try {
      const { page } = other;
      const email = `rival-${Date.now()}@example.com`;
      await signUpAndVerify(page, appUrl, inject('mailboxUrl')!, email, 'Rival-agency-1');
      await page.getByRole('radio', { name: 'Europe (EU)' }).check();
      await page.getByRole('button', { name: 'Create workspace' }).click();
      await page.waitForURL(/\/app\/eu\/agents$/);

      await page.goto(`${appUrl}/app/eu/agency?tab=domains`);
      await page.getByRole('button', { name: INITIALISE }).click({ timeout: 60_000 });
      await toast(page, 'Agency settings initialized');
      await tab(page, 'Domains');
      const subForm = page.getByRole('form', { name: 'Subdomain form' });
      await subForm.getByLabel('Subdomain').fill('acme');
      await subForm.getByRole('button', { name: 'Save subdomain' }).click();
      await subForm.getByText('This domain already exists. Please try another one.').waitFor();

      const customForm = await customDomainAccess(page);
      await customForm.getByLabel('Custom domain').fill(ACME_CUSTOM_DOMAIN.toUpperCase());
      await customForm.getByRole('button', { name: 'Save custom domain' }).click();
      await customForm.getByText('This domain already exists on another account.').waitFor();
    } catch (error) {
      await saveFailureScreenshot(other, { task: { name: 'rival-account', result: { state: 'fail' } } });
      throw error;
    } finally {
      await other.close();
    }
  });

  it('custom tabs: the href messages, and a tab whose script runs in its sandbox', async () => {
    const appUrl = inject('appUrl');
    const { page } = session;
    await openAgency(page, '?tab=custom-tabs');
    await page.getByRole('button', { name: 'Add tab' }).click();
    const href = page.getByLabel('URL (href)');
    await href.fill('report');
    await page.getByText('URL must include a leading slash (/)').waitFor();
    await href.fill('/home');
    await page.getByText('This URL is reserved for a default tab').waitFor();
    await href.fill('/report');
    await page.getByRole('button', { name: /^Done editing/ }).click();
    await page.getByRole('button', { name: 'Add tab' }).click();
    await page.getByLabel('URL (href)').fill('/report');
    await page.getByText('This URL is already used by another tab').first().waitFor();
    await page.getByRole('button', { name: /^Delete Tab 2/ }).click();

    await page.getByRole('button', { name: /^Edit Tab 1/ }).click();
    await page.getByLabel('Label', { exact: true }).fill('Report');
    await page.getByLabel('URL (href)').fill('/report');
    await typeCode(page, 'HTML code', '<p id="out">waiting</p>');
    await typeCode(page, 'JavaScript code', "document.getElementById('out').textContent = 'Script ran in the sandbox';");
    await save(page);

    await page.goto(`${appUrl}/app/na/c/report`);
    const frame = page.locator('iframe[title="Report"]');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(new URL((await frame.getAttribute('src'))!).origin).not.toBe(new URL(appUrl).origin);
    await page.frameLocator('iframe[title="Report"]').getByText('Script ran in the sandbox').waitFor();
  });

  it('Email tab: adds a sending domain, polling follows it to verified, and the DNS instructions arrive', async () => {
    const { page } = session;
    await openAgency(page, '?tab=email');
    const form = page.getByRole('form', { name: 'Sending domain form' });
    await form.getByLabel('Sending domain').fill('acme-mail.com');
    await form.getByRole('button', { name: 'Add domain' }).click();
    await page.getByRole('table', { name: 'Sending domain DNS records' }).waitFor();
    expect(await page.getByLabel('Sending domain status').textContent()).toBe('not_started');

    const dns = page.getByRole('form', { name: 'Send DNS instructions' });
    // The platform mails only the owner's own verified address: the field starts with it; another one is refused.
    const recipient = dns.getByLabel('Send the DNS instructions to');
    expect(await recipient.inputValue()).toBe(workspace.email);
    await recipient.fill('it@acme-mail.com');
    await dns.getByRole('button', { name: 'Send DNS instructions' }).click();
    await toast(page, 'DNS instructions can be sent only to your own verified e-mail address.');
    await recipient.fill(workspace.email);
    await dns.getByRole('button', { name: 'Send DNS instructions' }).click();
    await toast(page, 'DNS instructions sent successfully!');
    const mailbox = inject('mailboxUrl')!;
    const recorded = async () => JSON.stringify(await (await fetch(`${mailbox}__recorded`)).json());
    await expect.poll(async () => (await recorded()).includes('DNS records for acme-mail.com')).toBe(true);
    expect(await recorded()).not.toContain('it@acme-mail.com');

    await page.getByRole('button', { name: 'Verify DNS Records' }).click();
    await expect.poll(() => page.getByLabel('Sending domain status').textContent(), { timeout: 20_000 }).toBe('verified');
  });
});
