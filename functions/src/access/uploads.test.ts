// Who may upload where, against Google's Firestore emulator: the caller as itself, into an agent it may act on
// (counted against the agent's workspace, found in either region), a workspace user into its own workspace, and an
// agency client only its feedback attachments, counted against its agency owner's workspace.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedAgent, seedWorkspace } from '../../test/agent-builder-env';
import {
  isFeedbackUpload, NO_AGENT_ACCESS, requireUploadWorkspace, UNKNOWN_AGENT, UPLOAD_AS_YOURSELF, WORKSPACE_NOT_FOUND, type ClientUploadOwnerLookup,
  type TokenCaller,
} from './index';

const user = (uid: string): TokenCaller => ({ kind: 'user', uid, email: null, emailVerified: false, role: '' });
const client: TokenCaller = { kind: 'client', uid: 'upClientUid', clientId: 'upClient' };
const clientOwner: ClientUploadOwnerLookup = async (clientId) => (clientId === 'upClient' ? { region: 'na', ownerUid: 'upAgency' } : null);
const upload = (over: Partial<Parameters<typeof requireUploadWorkspace>[1]> = {}) => ({
  region: 'eu' as const, agentId: '', userId: 'upAgency', targetPath: 'logo.png', temporary: false, ...over,
});

beforeAll(async () => {
  await seedWorkspace('na', 'upAgency', 'vg_uploadsAgencySecret01');
  await seedWorkspace('na', 'upStranger', 'vg_uploadsStrangerSecr01');
  await seedAgent('na', 'upAgent', 'upAgency', 'vg_uploadsAgentSecret001');
});

describe('an upload', () => {
  it('into an agent counts against the agent’s workspace, found in the other region too, for its members only', async () => {
    await expect(requireUploadWorkspace(user('upAgency'), upload({ agentId: 'upAgent' }), clientOwner)).resolves.toEqual({ region: 'na', workspaceId: 'upAgency' });
    await expect(requireUploadWorkspace(user('upStranger'), upload({ agentId: 'upAgent', userId: 'upStranger' }), clientOwner)).rejects.toMatchObject({ status: 403, message: NO_AGENT_ACCESS });
    await expect(requireUploadWorkspace(user('upAgency'), upload({ agentId: 'upNoAgent' }), clientOwner)).rejects.toMatchObject({ status: 404, message: UNKNOWN_AGENT });
  });

  it('without an agent counts against the user’s own workspace', async () => {
    await expect(requireUploadWorkspace(user('upAgency'), upload(), clientOwner)).resolves.toEqual({ region: 'na', workspaceId: 'upAgency' });
    await expect(requireUploadWorkspace(user('upNobody'), upload({ userId: 'upNobody' }), clientOwner)).rejects.toMatchObject({ status: 404, message: WORKSPACE_NOT_FOUND });
  });

  it('is made as the caller itself', async () => {
    await expect(requireUploadWorkspace(user('upStranger'), upload(), clientOwner)).rejects.toMatchObject({ code: 'permission-denied', message: UPLOAD_AS_YOURSELF });
  });

  it('by an agency client is only a feedback attachment, counted against its agency owner', async () => {
    const feedback = upload({ userId: 'upClientUid', targetPath: 'feedback/shot.png', temporary: true });
    await expect(requireUploadWorkspace(client, feedback, clientOwner)).resolves.toEqual({ region: 'na', workspaceId: 'upAgency' });
    await expect(requireUploadWorkspace(client, { ...feedback, targetPath: 'logo.png' }, clientOwner)).rejects.toMatchObject({ status: 403, message: NO_AGENT_ACCESS });
    await expect(requireUploadWorkspace(client, { ...feedback, temporary: false }, clientOwner)).rejects.toMatchObject({ status: 403, message: NO_AGENT_ACCESS });
    await expect(requireUploadWorkspace({ ...client, clientId: 'upOrphan' }, feedback, clientOwner)).rejects.toMatchObject({ status: 403, message: NO_AGENT_ACCESS });
  });

  it('counts as feedback only directly under feedback/, temporary', () => {
    expect(isFeedbackUpload({ targetPath: 'feedback/a.png', temporary: true })).toBe(true);
    expect(isFeedbackUpload({ targetPath: 'feedback/../a.png', temporary: true })).toBe(false);
    expect(isFeedbackUpload({ targetPath: 'feedback/x/a.png', temporary: true })).toBe(false);
    expect(isFeedbackUpload({ targetPath: 'feedback/a.png', temporary: false })).toBe(false);
  });
});
