// Plan limits as a user meets them: a free workspace holding its 2 agents is told why a 3rd is refused, and makes it
// once its subscription allows 3; its 2 seats are full until a seat add-on's limits arrive, then the invitation goes
// through. The workspace is a fresh free one (the demo's custom plan has room for the other journeys).
import { createPersonalWorkspace, paths, redactWorkspace } from '@parley/core';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { STACK_PORTS } from '@parley/local/stack/ports';
import { openBrowser, saveFailureScreenshot, signIn, type Session } from '../support/browser';

const uid = `e2e-limits-${Date.now().toString(36)}`;
const email = `${uid}@parley.dev`;
const PASSWORD = 'plan-limits-2026';
let session: Session;
let admin: App;
let db: Firestore;

beforeAll(async () => {
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${STACK_PORTS.firestore}`;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${STACK_PORTS.auth}`;
  admin = initializeApp({ projectId: 'demo-parley' }, uid);
  db = getFirestore(admin);
  await getAuth(admin).createUser({ uid, email, password: PASSWORD, emailVerified: true });
  const workspace = createPersonalWorkspace({ uid, email, displayName: 'Limits Owner', region: 'na' }, Math.floor(Date.now() / 1000));
  // JSON round trip drops undefined optional fields (Firestore refuses undefined values).
  await db.doc(paths.user(uid)).set(JSON.parse(JSON.stringify({ ...redactWorkspace(workspace), showOnboarding: false, origin: 'email', workspaceEmails: [email, `mate-${uid}@parley.dev`] })));
  await db.doc(paths.userSecrets(uid)).set({ workspaceSecret: workspace.workspaceSecret });
  for (const n of [1, 2]) await db.doc(paths.agent(`${uid}-agent${n}`)).set({ ID: `${uid}-agent${n}`, title: `Limits Agent ${n}`, ownerID: uid });
  session = await openBrowser();
  await signIn(session.page, inject('appUrl'), email, PASSWORD);
  await session.page.waitForURL(/\/app\/na\/agents/);
});
afterEach((ctx) => saveFailureScreenshot(session, ctx));
afterAll(async () => {
  await session?.close();
  if (admin) await deleteApp(admin);
});

async function tryNewAgent(page: Page, name: string): Promise<void> {
  await page.goto(`${inject('appUrl')}/app/na/agents`);
  await page.getByRole('button', { name: 'New Agent' }).first().click();
  await page.getByLabel('Agent name').fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
}

describe('plan limits', () => {
  it('a free workspace with 2 agents is told its plan allows 2; a subscription allowing 3 lets the 3rd through', async () => {
    const { page } = session;
    await tryNewAgent(page, 'One Too Many');
    await page.getByText('Error creating agent, Your plan allows 2 agents. Upgrade your plan or delete an agent to create another.').waitFor();
    expect((await db.collection('voiceglow').where('ownerID', '==', uid).count().get()).data().count).toBe(2);

    await db.doc(paths.user(uid)).set({ v2StripeConfig: { status: 'active', limits: { maxAgents: 3 } } }, { merge: true });
    await tryNewAgent(page, 'Third Agent');
    await page.getByText('Agent created successfully, redirecting...').waitFor();
    expect((await db.collection('voiceglow').where('ownerID', '==', uid).count().get()).data().count).toBe(3);
  });

  it('2 of 2 seats are full until a seat add-on makes them 3, then the invitation goes through', async () => {
    const { page } = session;
    await page.goto(`${inject('appUrl')}/app/na/workspace`);
    await page.getByText('2 of 2 seats used').waitFor();
    await page.getByRole('textbox', { name: 'Invite by email' }).fill(`third-${uid}@parley.dev`);
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByText('You have reached the maximum number of seats.').first().waitFor();

    // What billing writes when a workspace-seat add-on is bought: the free 2 seats + 1.
    await db.doc(paths.user(uid)).set({ v2StripeConfig: { limits: { workspaceSeats: 3 } } }, { merge: true });
    await page.reload();
    await page.getByText('2 of 3 seats used').waitFor();
    await page.getByRole('textbox', { name: 'Invite by email' }).fill(`third-${uid}@parley.dev`);
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByText('Successfully invited').first().waitFor();
    expect((await db.doc(paths.user(uid)).get()).get('workspaceEmails')).toContain(`third-${uid}@parley.dev`);
  });
});
