// TEMPORARY manual check harness (deleted after use).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startFirestore } from '../local/firestore/index.ts';
import { serveDist } from './bench/static-server.ts';

const AUTH_PORT = 19099;
const fs = await startFirestore({ port: 0 });
process.env.FIRESTORE_EMULATOR_HOST = `${fs.host}:${fs.port}`;
process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${AUTH_PORT}`;
process.env.GCLOUD_PROJECT = 'demo-parley';
mkdirSync('/tmp/authemu', { recursive: true });
writeFileSync('/tmp/authemu/firebase.json', JSON.stringify({ emulators: { auth: { host: '127.0.0.1', port: AUTH_PORT }, hub: { host: '127.0.0.1', port: 14400 }, logging: { host: '127.0.0.1', port: 14500 }, ui: { enabled: false } } }));
const emu = spawn(process.execPath, ['/work/main/node_modules/firebase-tools/lib/bin/firebase.js', 'emulators:start', '--only', 'auth', '--project', 'demo-parley'], { cwd: '/tmp/authemu', stdio: ['ignore', 'pipe', 'pipe'], detached: true });
await new Promise<void>((resolve, reject) => {
  const t = setTimeout(() => reject(new Error('auth emulator timeout')), 60000);
  emu.stdout.on('data', (d) => { if (String(d).includes('All emulators ready')) { clearTimeout(t); resolve(); } });
});
const { initializeApp } = await import('firebase-admin/app');
const { getAuth } = await import('firebase-admin/auth');
const { getFirestore } = await import('firebase-admin/firestore');
const app = initializeApp({ projectId: 'demo-parley' });
await getAuth(app).createUser({ uid: 'demo', email: 'demo@parley.dev', password: 'parley-demo-2026' });
const db = getFirestore(app);
await db.doc('users/demo').set({ uid: 'demo', email: 'demo@parley.dev', workspaceName: 'Demo Space', workspaceEmails: ['demo@parley.dev'], region: 'na', joinedAt: Math.floor(Date.now() / 1000), loadTokens: 0, ownerId: 'demo' });
await db.doc('users/demo/private/secrets').set({ workspaceSecret: 'vg_aaaaaaaaaaaaaaaaaaaa' });
await db.doc('voiceglow/agent1').set({ ID: 'agent1', title: 'Parley Demo Agent', ownerID: 'demo', agentPlatform: 'vg', lastModified: 100 });
await db.doc('voiceglow/agent2').set({ ID: 'agent2', title: 'Second Agent', ownerID: 'demo', agentPlatform: 'vg', lastModified: 200 });

const site = await serveDist({
  dist: '/work/main/web/dist',
  config: { firebase: { apiKey: 'demo-api-key', authDomain: 'demo-parley.firebaseapp.com', projectId: 'demo-parley' }, emulators: { auth: `http://127.0.0.1:${AUTH_PORT}`, firestore: { host: fs.host, port: fs.port }, functions: { host: '127.0.0.1', port: 15001 } }, functionsRegion: 'us-central1', apiBase: '' },
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const page = await browser.newPage();
const logs: string[] = [];
page.on('console', (m) => logs.push(`[${m.type()}] ${m.text()}`));
page.on('pageerror', (e) => logs.push(`[pageerror] ${e.message}`));
try {
  await page.goto(`${site.url}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill('demo@parley.dev');
  await page.getByLabel('Password').fill('parley-demo-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Parley Demo Agent' }).waitFor({ timeout: 15000 });
  console.log('OK agents list at', page.url());
  await page.screenshot({ path: '/tmp/shot-agents.png' });
  await page.getByRole('link', { name: 'Parley Demo Agent' }).click();
  await page.getByRole('textbox', { name: 'Agent name' }).waitFor({ timeout: 10000 });
  console.log('OK agent page at', page.url());
  await page.getByRole('textbox', { name: 'Search sections' }).fill('knowl');
  await page.waitForURL(/\/kb$/, { timeout: 5000 });
  console.log('OK search jumped to', page.url());
  await page.screenshot({ path: '/tmp/shot-kb.png' });
  await page.goto(`${site.url}/app/na/agents?__throw=1`);
  await page.getByText('Something went wrong').waitFor({ timeout: 10000 });
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('link', { name: 'Parley Demo Agent' }).waitFor({ timeout: 10000 });
  console.log('OK throw fallback recovered');
  await page.goto(`${site.url}/app/na/workspace`);
  await page.getByRole('textbox', { name: 'Invite by email' }).fill('demo@parley.dev');
  await page.getByRole('button', { name: 'Invite' }).click();
  await page.getByText("You can't invite yourself lol").first().waitFor({ timeout: 5000 });
  console.log('OK invite self message');
  await page.screenshot({ path: '/tmp/shot-ws.png' });
} catch (e) {
  console.log('FAILED', (e as Error).message);
  await page.screenshot({ path: '/tmp/shot-fail.png' });
} finally {
  console.log(logs.slice(-15).join('\n'));
  await browser.close();
  await site.close();
  process.kill(-emu.pid!, 'SIGTERM');
  await fs.stop();
  process.exit(0);
}
