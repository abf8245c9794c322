// Credentials against Google's Firestore emulator: the owner sees every secret as its last 4 characters and
// reveals one to copy it; a member sees the page without secrets; a client never. Regenerating the workspace
// secret makes a REST call with the old one answer 401 at once. The provider key is kept private, shown as last 4.
import { paths } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../adapters/firestore';
import { sendMail } from '../adapters/mailer';
import { serveApi } from '../http/serve';
import { writeLogEndpoint } from '../logs/write-log-endpoint';
import { noRateLimits } from '../rate-limits';
import { seedAgent, seedWorkspace } from '../../test/agent-builder-env';
import { getCredentialsHandler } from './get-credentials';
import { regenerateWorkspaceSecretHandler } from './regenerate-workspace-secret';
import { revealSecretHandler } from './reveal-secret';
import { saveProviderKeyHandler } from './save-provider-key';

const SECRET = 'vg_credOwnerSecret000001';
const AGENT_KEY = 'vg_credAgentKey000000001';
const deps = { db: databaseFor };
const as = (uid: string, email = `${uid}@example.com`, role?: string) => ({ auth: { uid, token: { email, email_verified: true, ...(role ? { role, clientId: 'c1' } : {}) } as never, rawToken: 'x' } });
const owner = as('credOwner', 'owner@cred.test');
const member = as('credMember', 'mia@cred.test');
const input = { region: 'na' as const, workspaceId: 'credOwner' };
let api: Awaited<ReturnType<typeof serveApi>>;

beforeAll(async () => {
  await seedWorkspace('na', 'credOwner', SECRET, { workspaceEmails: ['owner@cred.test', 'mia@cred.test'] });
  await seedAgent('na', 'credAgent1', 'credOwner', AGENT_KEY, { title: 'Front desk' });
  api = await serveApi([writeLogEndpoint({ db: databaseFor, mail: sendMail, now: Date.now })], { limits: noRateLimits });
});
afterAll(() => api.close());

const logWith = (bearer: string) =>
  fetch(`${api.url}/api/workspace/credOwner/logs`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body: JSON.stringify({ region: 'na', content: 'hi' }) });

describe('getCredentials', () => {
  it('shows the owner each secret as its last 4 characters, with a link target per agent', async () => {
    const creds = await getCredentialsHandler(deps)(input, owner);
    expect(creds).toMatchObject({ role: 'owner', workspaceSecret: { last4: SECRET.slice(-4) }, agents: [{ agentId: 'credAgent1', title: 'Front desk', secretKey: { last4: AGENT_KEY.slice(-4) } }] });
    expect(JSON.stringify(creds)).not.toContain(SECRET);
    expect(JSON.stringify(creds)).not.toContain(AGENT_KEY);
  });

  it('shows a member the page without any secret, and refuses a client and a stranger', async () => {
    const creds = await getCredentialsHandler(deps)(input, member);
    expect(creds).toMatchObject({ role: 'member', workspaceSecret: null, signingSecret: null, agents: [{ agentId: 'credAgent1', secretKey: null }] });
    await expect(getCredentialsHandler(deps)(input, as('credOwner', 'owner@cred.test', 'client'))).rejects.toMatchObject({ status: 403 });
    await expect(getCredentialsHandler(deps)(input, as('stranger'))).rejects.toMatchObject({ status: 403 });
    await expect(revealSecretHandler(deps)({ ...input, kind: 'workspace' }, member)).rejects.toMatchObject({ status: 403 });
  });
});

describe('the workspace secret', () => {
  it('is revealed to its owner to copy; regenerated, the old one gets 401 on the next REST call', async () => {
    expect(await revealSecretHandler(deps)({ ...input, kind: 'workspace' }, owner)).toEqual({ secret: SECRET });
    expect(await revealSecretHandler(deps)({ ...input, kind: 'agent', agentId: 'credAgent1' }, owner)).toEqual({ secret: AGENT_KEY });
    expect((await logWith(SECRET)).status).toBe(200);
    const { workspaceSecret } = await regenerateWorkspaceSecretHandler(deps)(input, owner);
    expect(workspaceSecret).not.toBe(SECRET);
    expect((await logWith(SECRET)).status).toBe(401);
    expect((await logWith(workspaceSecret)).status).toBe(200);
    await expect(regenerateWorkspaceSecretHandler(deps)(input, member)).rejects.toMatchObject({ status: 403 });
  });
});

describe('the own provider key', () => {
  it('is kept in the private document and answered as its last 4; a private base URL is refused at the field', async () => {
    const saved = await saveProviderKeyHandler(deps)({ ...input, baseUrl: 'https://93.184.215.14/v1', apiKey: 'sk-own-provider-key-7788' }, owner);
    expect(saved).toEqual({ baseUrl: 'https://93.184.215.14/v1', apiKey: { last4: '7788' } });
    expect((await databaseFor('na').doc(paths.userSecrets('credOwner')).get()).get('llmApiKey')).toBe('sk-own-provider-key-7788');
    expect(JSON.stringify((await databaseFor('na').doc(paths.user('credOwner')).get()).data())).not.toContain('sk-own');
    expect((await getCredentialsHandler(deps)(input, owner)).provider).toEqual({ baseUrl: 'https://93.184.215.14/v1', apiKey: { last4: '7788' } });
    await expect(saveProviderKeyHandler(deps)({ ...input, baseUrl: 'http://169.254.169.254/v1', apiKey: 'x' }, owner)).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('baseUrl:') });
    await expect(saveProviderKeyHandler(deps)({ ...input, baseUrl: 'https://93.184.215.14/v1', apiKey: 'k' }, member)).rejects.toMatchObject({ status: 403 });
    expect(await saveProviderKeyHandler(deps)({ ...input, baseUrl: '', apiKey: '' }, owner)).toEqual({ baseUrl: '', apiKey: null });
  });
});
