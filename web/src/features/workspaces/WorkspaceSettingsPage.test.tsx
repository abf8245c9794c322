// Workspace settings: inviting (its rules and messages), removing members, renaming and deleting.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { voiceApi } from '@parley/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeWorkspace, renderWithProviders, stubFetch } from '../../test/render';
import WorkspaceSettingsPage from './WorkspaceSettingsPage';

afterEach(() => vi.unstubAllGlobals());

function invite(email: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Invite by email' }), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
}

/** The workspace endpoints as the functions answer them: the saved record, the e-mail's id, or just success. */
const workspaceApi = () =>
  stubFetch((url, init) => {
    if (url.includes('/email')) return { status: 200, body: { success: true, id: 'msg_1' } };
    if (init.method === 'DELETE') return { status: 200, body: { success: true } };
    return { status: 200, body: { success: true, workspace: { uid: 'owner1', ...JSON.parse(String(init.body)) } } };
  });
const ok = workspaceApi();

describe('members', () => {
  it('validates the invite e-mail and refuses inviting yourself', async () => {
    vi.stubGlobal('fetch', ok.fn);
    renderWithProviders(<WorkspaceSettingsPage />);
    invite('not-an-email');
    expect(await screen.findAllByText('Please enter a valid email')).not.toHaveLength(0);
    invite('Owner@Example.com');
    expect(await screen.findAllByText("You can't invite yourself lol")).not.toHaveLength(0);
  });

  it('stops at the seat limit (custom seats + 2 free)', async () => {
    renderWithProviders(<WorkspaceSettingsPage />, { workspace: fakeWorkspace({}, { workspaceEmails: ['owner@example.com', 'a@example.com'] }) });
    expect(screen.getByText('2 of 2 seats used')).toBeTruthy();
    invite('b@example.com');
    expect(await screen.findAllByText('You have reached the maximum number of seats.')).not.toHaveLength(0);
  });

  it("counts the subscription's seat add-ons: 2 free + 1 add-on seat admits a 3rd member", async () => {
    vi.stubGlobal('fetch', ok.fn);
    const workspace = fakeWorkspace({}, { workspaceEmails: ['owner@example.com', 'a@example.com'], v2StripeConfig: { status: 'active', limits: { workspaceSeats: 3 } } });
    renderWithProviders(<WorkspaceSettingsPage />, { workspace });
    expect(screen.getByText('2 of 3 seats used')).toBeTruthy();
    invite('b@example.com');
    expect(await screen.findAllByText('Successfully invited')).not.toHaveLength(0);
  });

  it('saves the member list, asks the server to invite the new member with the workspace secret and says Successfully invited', async () => {
    const api = workspaceApi();
    vi.stubGlobal('fetch', api.fn);
    renderWithProviders(<WorkspaceSettingsPage />);
    invite('Grace@Example.com');
    expect(await screen.findAllByText('Successfully invited')).not.toHaveLength(0);
    const [save, email] = api.calls;
    expect(save!.url).toBe('/v2/workspaces/owner1?region=na');
    expect(JSON.parse(String(save!.init.body)).workspaceEmails).toEqual(['owner@example.com', 'grace@example.com']);
    expect(email!.url).toBe('/v2/workspaces/owner1/email?region=na');
    expect((email!.init.headers as Record<string, string>).authorization).toBe('Bearer vg_secretsecretsecret12');
    // Only the recipient: the server writes the invitation itself.
    expect(JSON.parse(String(email!.init.body))).toEqual({ to: 'grace@example.com' });
  });

  it('uses the signed-in user\'s ID token as bearer when the workspace secret is not readable', async () => {
    const api = workspaceApi();
    vi.stubGlobal('fetch', api.fn);
    const user = { uid: 'owner1', email: 'owner@example.com', getIdToken: async () => 'header.payload.sig' };
    renderWithProviders(<WorkspaceSettingsPage />, { workspace: fakeWorkspace({ secret: null, user: user as never }) });
    invite('grace@example.com');
    expect(await screen.findAllByText('Successfully invited')).not.toHaveLength(0);
    for (const call of api.calls) expect((call.init.headers as Record<string, string>).authorization).toBe('Bearer header.payload.sig');
  });

  it('says Failed to invite {email} when the server fails', async () => {
    vi.stubGlobal('fetch', stubFetch(() => ({ status: 502, body: { success: false, error: 'Failed to send email' } })).fn);
    renderWithProviders(<WorkspaceSettingsPage />);
    invite('grace@example.com');
    expect(await screen.findAllByText('Failed to invite grace@example.com')).not.toHaveLength(0);
  });

  it('shows the server\'s seat refusal', async () => {
    vi.stubGlobal('fetch', stubFetch(() => ({ status: 403, body: { success: false, error: 'Failed to add user to workspace, workspace does not have enough seats' } })).fn);
    renderWithProviders(<WorkspaceSettingsPage />);
    invite('grace@example.com');
    expect(await screen.findAllByText('Failed to add user to workspace, workspace does not have enough seats')).not.toHaveLength(0);
  });

  it('refuses removing yourself and removes others', async () => {
    const api = workspaceApi();
    vi.stubGlobal('fetch', api.fn);
    renderWithProviders(<WorkspaceSettingsPage />, { workspace: fakeWorkspace({}, { workspaceEmails: ['owner@example.com', 'a@example.com'] }) });
    fireEvent.click(screen.getByRole('button', { name: 'Remove owner@example.com' }));
    expect(await screen.findAllByText('You cannot remove yourself from the workspace.')).not.toHaveLength(0);
    expect(api.calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Remove a@example.com' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(JSON.parse(String(api.calls[0]!.init.body)).workspaceEmails).toEqual(['owner@example.com']);
  });
});

describe('rename', () => {
  it('requires a name and reports a failed save', async () => {
    vi.stubGlobal('fetch', stubFetch(() => ({ status: 500, body: { success: false, error: 'down' } })).fn);
    renderWithProviders(<WorkspaceSettingsPage />);
    const name = screen.getByRole('textbox', { name: 'Workspace name' });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Please enter a workspace name.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'New name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findAllByText('Failed to save workspace')).not.toHaveLength(0);
  });
});

describe('delete', () => {
  it('cannot delete the personal workspace', () => {
    renderWithProviders(<WorkspaceSettingsPage />);
    expect(screen.getByText('A personal workspace cannot be deleted.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Delete workspace' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lets only the owner delete a team workspace', () => {
    renderWithProviders(<WorkspaceSettingsPage />, { workspace: fakeWorkspace({ isPersonal: false }, { uid: 'team2', workspaceName: 'Their team', ownerId: 'someone-else' }) });
    expect(screen.getByText('Only the workspace owner can delete it.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Delete workspace' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for confirmation stating it cannot be undone, then reports a failure', async () => {
    const api = stubFetch(() => ({ status: 500, body: { success: false, error: 'nope' } }));
    vi.stubGlobal('fetch', api.fn);
    renderWithProviders(<WorkspaceSettingsPage />, { workspace: fakeWorkspace({ isPersonal: false }, { uid: 'team1', workspaceName: 'Team', ownerId: 'owner1' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Delete workspace' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/This action cannot be undone\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findAllByText('Failed to delete workspace')).not.toHaveLength(0);
    expect(api.calls[0]).toMatchObject({ url: '/v2/workspaces/team1?region=na', init: { method: 'DELETE' } });
  });

  it('once deleted, tells the owner what stays at the voice provider', async () => {
    const left = voiceApi.VOICE_MESSAGES.leftNumber('+14155550199');
    vi.stubGlobal('fetch', stubFetch(() => ({ status: 200, body: { success: true, leftAtProvider: [left] } })).fn);
    renderWithProviders(<WorkspaceSettingsPage />, { workspace: fakeWorkspace({ isPersonal: false }, { uid: 'team3', workspaceName: 'Team', ownerId: 'owner1' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Delete workspace' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByText(left)).toBeTruthy();
    expect(screen.getByText('Still at the voice provider')).toBeTruthy();
  });
});
