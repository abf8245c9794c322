// Workspace logs against Google's Firestore emulator and the Resend stand-in: the integrators' REST call (bearer
// workspace secret; "Workspace not provided" for a workspace that does not exist), the Logs tab's filtered and
// paged list, an error written withEmail mailed to the workspace's e-mails, and the TTL field on every entry.
import { start as startResend, type ResendFake } from '@parley/local/fakes/resend';
import { paths } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { sendMail } from '../adapters/mailer';
import { serveApi } from '../http/serve';
import { noRateLimits } from '../rate-limits';
import { seedWorkspace } from '../../test/agent-builder-env';
import { agentTools, DEFAULT_TOOL_CALL } from '../tools';
import type { RuntimeAgent } from '../conversations';
import { listWorkspaceLogsHandler } from './list-workspace-logs';
import { toolFailureLogger } from './product-logs';
import { workspaceLogsPath, type LogsDeps } from './log-entries';
import { writeLogEndpoint } from './write-log-endpoint';

const SECRET = 'vg_logsOwnerSecret00001';
const OTHER_SECRET = 'vg_logsOtherSecret00001';
let resend: ResendFake;
let api: Awaited<ReturnType<typeof serveApi>>;
const deps: LogsDeps = { db: databaseFor, mail: sendMail, now: Date.now };
const as = (uid: string, email = `${uid}@example.com`) => ({ auth: { uid, token: { email, email_verified: true } as never, rawToken: 'x' } });

function post(workspaceId: string, body: Record<string, unknown>, bearer = SECRET) {
  return fetch(`${api.url}/api/workspace/${workspaceId}/logs`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body: JSON.stringify({ region: 'na', ...body }),
  });
}

beforeAll(async () => {
  resend = await startResend({ port: 0 });
  Object.assign(process.env, { RESEND_BASE_URL: resend.url, RESEND_API_KEY: 're_test_logs' });
  await seedWorkspace('na', 'logsOwner', SECRET, { workspaceName: 'Logs Co', workspaceEmails: ['owner@logs.test', 'mia@logs.test'] });
  await seedWorkspace('na', 'logsOther', OTHER_SECRET, { workspaceEmails: ['other@logs.test'] });
  api = await serveApi([writeLogEndpoint(deps)], { limits: noRateLimits });
});
afterAll(async () => {
  await api.close();
  await resend.stop();
});

describe('POST /api/workspace/:userId/logs', () => {
  it('writes an entry with the workspace secret; it expires (TTL field) and is listed on the Logs tab', async () => {
    const res = await post('logsOwner', { type: 'warning', content: 'CRM slow', channel: 'whatsapp', agentId: 'agentL1', metadata: { ms: 900 } });
    expect(res.status).toBe(200);
    const { id, emailed } = (await res.json()) as { id: string; emailed: boolean };
    expect(emailed).toBe(false);
    const stored = (await databaseFor('na').doc(`${workspaceLogsPath('logsOwner')}/${id}`).get()).data()!;
    expect(stored.expiresAt.toMillis()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const { logs } = await listWorkspaceLogsHandler(deps)({ region: 'na', workspaceId: 'logsOwner', limit: 25 }, as('logsOwner'));
    expect(logs[0]).toMatchObject({ id, type: 'warning', content: 'CRM slow', channel: 'whatsapp', agentId: 'agentL1', metadata: '{"ms":900}' });
  });

  it('refuses a bad bearer (401), another workspace’s secret (403), and writes nothing', async () => {
    expect((await post('logsOwner', { content: 'forged' }, 'vg_notASecret000000000')).status).toBe(401);
    expect((await post('logsOwner', { content: 'forged' }, OTHER_SECRET)).status).toBe(403);
    const all = await databaseFor('na').collection(workspaceLogsPath('logsOwner')).where('content', '==', 'forged').get();
    expect(all.size).toBe(0);
  });

  it('answers 404 "Workspace not provided" for a workspace that does not exist, and 400 for bad input', async () => {
    const missing = await post('noSuchWorkspace', { content: 'x' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, error: 'Workspace not provided' });
    const bad = await post('logsOwner', { content: '', type: 'fatal' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^Invalid input/);
  });

  it('mails an error written withEmail to the workspace’s e-mails, in our words (not the writer’s)', async () => {
    const res = await post('logsOwner', { type: 'error', content: 'Visit http://phish.example now', withEmail: true, channel: 'web' });
    expect(await res.json()).toMatchObject({ emailed: true });
    const mail = resend.emails().at(-1)!;
    expect([...mail.to].sort()).toEqual(['mia@logs.test', 'owner@logs.test']);
    expect(mail.subject).toBe('An error was logged in your workspace');
    expect(mail.html).not.toContain('phish');
    // An info entry withEmail is not mailed.
    const before = resend.emails().length;
    expect(await (await post('logsOwner', { type: 'info', content: 'fine', withEmail: true })).json()).toMatchObject({ emailed: false });
    expect(resend.emails()).toHaveLength(before);
  });
});

describe('listWorkspaceLogs', () => {
  it('filters by type, agent and channel, newest first, in pages', async () => {
    for (const [type, agentId, channel] of [['info', 'agentL2', 'web'], ['error', 'agentL2', 'telegram'], ['error', 'agentL3', 'web']] as const) {
      await post('logsOwner', { type, agentId, channel, content: `${type} ${agentId} ${channel}` });
    }
    const list = listWorkspaceLogsHandler(deps);
    const base = { region: 'na' as const, workspaceId: 'logsOwner', limit: 25 };
    expect((await list({ ...base, type: 'error', agentId: 'agentL2' }, as('logsOwner'))).logs.map((l) => l.content)).toEqual(['error agentL2 telegram']);
    expect((await list({ ...base, channel: 'web', agentId: 'agentL3' }, as('logsOwner'))).logs.map((l) => l.content)).toEqual(['error agentL3 web']);
    const first = await list({ ...base, agentId: 'agentL2', limit: 1 }, as('logsOwner'));
    expect(first).toMatchObject({ more: true, logs: [{ content: 'error agentL2 telegram' }] });
    const second = await list({ ...base, agentId: 'agentL2', limit: 1, before: first.logs[0]!.createdAt }, as('logsOwner'));
    expect(second.logs.map((l) => l.content)).toEqual(['info agentL2 web']);
  });

  it('is for the workspace’s people: a stranger is refused', async () => {
    await expect(listWorkspaceLogsHandler(deps)({ region: 'na', workspaceId: 'logsOwner', limit: 5 }, as('stranger'))).rejects.toMatchObject({ status: 403 });
  });
});

describe('the product’s own entries', () => {
  it('a tool call that fails is logged in the agent’s workspace, for its owner to fix', async () => {
    const db = databaseFor('na');
    await db.doc(paths.tool('toolLogFail')).set({
      id: 'toolLogFail', userId: 'logsOwner', name: 'get_order', description: '', serverUrl: 'http://169.254.169.254/orders', method: 'GET', fields: [], hasSecret: false,
    });
    const agent = { ID: 'agentL9', ownerID: 'logsOwner', assignedToolsIds: ['toolLogFail'] } as unknown as RuntimeAgent;
    const [tool] = await agentTools(DEFAULT_TOOL_CALL, toolFailureLogger(deps))(db, agent);
    expect((await tool!.run('{}')).record.ok).toBe(false);
    const list = () => listWorkspaceLogsHandler(deps)({ region: 'na', workspaceId: 'logsOwner', agentId: 'agentL9', limit: 5 }, as('logsOwner'));
    await expect.poll(async () => (await list()).logs.map((l) => [l.type, l.content])).toEqual([['error', 'Tool get_order failed: This address cannot be reached from our servers.']]);
  });
});
