/**
 * Client sign-in budget, on the whole local stack in headless Chromium: on an agency host
 * (http://<sub>.localhost:5000/), from the click on Sign In to the client's first accessible tab rendered (the
 * Chats heading of its agent) ≤ 1.5 s, the median of 5 sign-ins (a new browser context each, the login page already
 * shown). Times are taken in the page (performance.now() of the click and of the first frame showing the tab), so
 * the bench's own round trips do not count.
 *
 * Set-up goes through the contracts, as the agency owner would: initAgency, the subdomain claimed and verified
 * (claimAgencyDomain / verifyAgencyDomain), createOrg with the demo agent, createClient allowed only Chats.
 * Uses the running stack at PARLEY_URL when set; otherwise starts one itself on the fixed ports (run it under the
 * shared stack lock). `npx tsx web/bench/client-sign-in.bench.ts`.
 */
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { STACK_PORTS } from '@parley/local/stack/ports';
import { figure, logFigures, type BenchFigure } from './figure';
import { withStackSession } from './stack-session';
import { median, shownAt, watchFor } from './page-timing';

const BUDGET_MS = 1500;
const RUNS = 5;
const DEMO = { email: 'demo@parley.dev', password: 'parley-demo-2026', agentTitle: 'Parley Demo Agent', uid: 'parley-demo-user' };
const SUBDOMAIN = `bench${Date.now().toString(36)}`;
const CLIENT_EMAIL = `bench-client-${Date.now().toString(36)}@bench.test`;

/** The Chats heading of the client's agent is on screen. */
const CHATS_SHOWN = `
  const heading = [...document.querySelectorAll('h1')].find((h) => h.textContent.trim() === 'Chats');
  return !!heading && heading.getBoundingClientRect().height > 0;`;

/** Records performance.now() of the click on Sign In (capturing, before the page's own handler runs). */
const RECORD_CLICK = `
  document.addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null;
    if (button && button.textContent.trim() === 'Sign In') window.__clickAt = performance.now();
  }, true);`;

async function idToken(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${STACK_PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`demo sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

/** A callable over its HTTP protocol (POST {data} → {result}). */
async function callable<T>(name: string, data: unknown, token: string): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${STACK_PORTS.functions}/demo-parley/us-central1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ data }),
  });
  const body = (await res.json()) as { result?: T; error?: unknown };
  if (!res.ok || body.result === undefined) throw new Error(`${name} failed: ${JSON.stringify(body.error ?? body)}`);
  return body.result;
}

async function endpoint<T>(base: string, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path} failed (${res.status}): ${JSON.stringify(json)}`);
  return json;
}

/** The agency with a verified subdomain, an org with the demo agent and a client allowed only Chats. */
async function setUp(base: string, agentId: string): Promise<{ host: string; password: string }> {
  const token = await idToken();
  const { agency } = await callable<{ agency: { ID: string } }>('initAgency', { region: 'na' }, token);
  await endpoint(base, 'POST', '/api/na/vercel-api/custom-domain', token, { agencyId: agency.ID, customDomain: SUBDOMAIN, isVGSubdomain: true });
  const domain = `${SUBDOMAIN}.localhost`;
  for (let i = 0; ; i++) {
    const query = new URLSearchParams({ agencyId: agency.ID, domain, domainType: 'subdomain' });
    const status = await endpoint<{ isVerified: boolean }>(base, 'GET', `/api/na/vercel-api/custom-domain?${query}`, token);
    if (status.isVerified) break;
    if (i > 30) throw new Error('the subdomain did not verify');
    await new Promise((r) => setTimeout(r, 1000));
  }
  const { org } = await callable<{ org: { ID: string } }>('createOrg', { region: 'na', name: 'Bench Org', widgetIDs: [agentId] }, token);
  const client = await callable<{ dashboardPassword: string }>(
    'createClient',
    { region: 'na', orgId: org.ID, name: 'Bench Client', email: CLIENT_EMAIL, canAccess: ['/convos'], widgetIDs: [agentId] },
    token,
  );
  const port = new URL(base).port || '80';
  return { host: `http://${domain}:${port}`, password: client.dashboardPassword };
}

async function signInOnce(browser: Browser, host: string, password: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(RECORD_CLICK);
  await watchFor(page, CHATS_SHOWN);
  await page.goto(`${host}/`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(CLIENT_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const shown = await shownAt(page);
  const clicked = await page.evaluate(() => (window as unknown as { __clickAt?: number }).__clickAt ?? NaN);
  await context.close();
  if (!Number.isFinite(clicked)) throw new Error('the click on Sign In was not recorded');
  return Math.round(shown - clicked);
}

async function findDemoAgent(base: string): Promise<string> {
  const token = await idToken();
  const res = await fetch(`http://127.0.0.1:${STACK_PORTS.firestore}/v1/projects/demo-parley/databases/(default)/documents:runQuery`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    // The rules let the owner list its agents by their ownerID (the demo user's uid).
    body: JSON.stringify({
      structuredQuery: {
        from: [{ collectionId: 'voiceglow' }],
        where: {
          compositeFilter: {
            op: 'AND',
            filters: [
              { fieldFilter: { field: { fieldPath: 'ownerID' }, op: 'EQUAL', value: { stringValue: DEMO.uid } } },
              { fieldFilter: { field: { fieldPath: 'title' }, op: 'EQUAL', value: { stringValue: DEMO.agentTitle } } },
            ],
          },
        },
        limit: 1,
      },
    }),
  });
  const rows = (await res.json()) as { document?: { name: string } }[];
  const id = rows.find((r) => r.document)?.document?.name.split('/').pop();
  if (!id) throw new Error(`the demo agent was not found on ${base}`);
  return id;
}

export async function runClientSignInBench(log: (line: string) => void = console.log): Promise<BenchFigure[]> {
  return withStackSession('client', log, async (session) => {
    const { browser, base } = session;
    const agentId = session.agentId || (await findDemoAgent(base));
    const { host, password } = await setUp(base, agentId);
    // One sign-in first: the functions are warm and the server's file cache is filled for every measured run.
    await signInOnce(browser, host, password);
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await signInOnce(browser, host, password));
    const figures = [figure('client sign-in to the first accessible tab rendered (median)', median(runs), 'ms', BUDGET_MS, `runs: ${runs.join(', ')}`)];
    logFigures(figures, log);
    return figures;
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const figures = await runClientSignInBench();
  process.exit(figures.every((f) => f.pass) ? 0 : 1);
}
