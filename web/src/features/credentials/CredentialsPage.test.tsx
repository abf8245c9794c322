import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { credentialsApi, eventsApi } from '@parley/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, answerCallables, CallableRefusal } from '../../test/callables';
import { fakeUser, fakeWorkspace, renderWithProviders } from '../../test/render';
import CredentialsPage from './CredentialsPage';

const FULL = 'vg_fullWorkspaceSecret9f3K';
let revealed: string[];
let regenerated: number;
let providerSaves: unknown[];
let voiceSaves: unknown[];
let voiceKey: { last4: string } | null;
let role: 'owner' | 'member';

beforeEach(() => {
  revealed = [];
  regenerated = 0;
  providerSaves = [];
  voiceSaves = [];
  voiceKey = null;
  role = 'owner';
  answerCallables({
    getCredentials: answer(credentialsApi.getCredentials, () =>
      role === 'owner'
        ? { role, workspaceSecret: { last4: '9f3K' }, signingSecret: { last4: 'ab12' }, agents: [{ agentId: 'A1', title: 'Front desk', secretKey: { last4: 'zz99' } }], provider: { baseUrl: '', apiKey: null }, voice: { apiKey: voiceKey } }
        : { role, workspaceSecret: null, signingSecret: null, agents: [{ agentId: 'A1', title: 'Front desk', secretKey: null }], provider: { baseUrl: '', apiKey: null }, voice: { apiKey: null } },
    ),
    revealSecret: answer(credentialsApi.revealSecret, (input) => {
      revealed.push(input.kind);
      return { secret: FULL };
    }),
    regenerateWorkspaceSecret: answer(credentialsApi.regenerateWorkspaceSecret, () => {
      regenerated++;
      return { workspaceSecret: 'vg_brandNewSecret000001' };
    }),
    eventsSigningSecret: answer(eventsApi.eventsSigningSecret, () => ({ signingSecret: 'whsec_new' })),
    saveProviderKey: answer(credentialsApi.saveProviderKey, (input) => {
      providerSaves.push(input);
      if (input.baseUrl.includes('10.0.0.1')) throw new CallableRefusal('invalid-argument', 'Invalid input — baseUrl: This address cannot be reached from our servers.');
      return { baseUrl: input.baseUrl, apiKey: { last4: (input.apiKey ?? '').slice(-4) } };
    }),
    saveVoiceKey: answer(credentialsApi.saveVoiceKey, (input) => {
      voiceSaves.push(input.apiKey);
      if (input.apiKey === 'sk-wrong') throw new CallableRefusal('invalid-argument', `Invalid input — apiKey: ${credentialsApi.CREDENTIAL_MESSAGES.voiceKeyRefused}`);
      voiceKey = input.apiKey ? { last4: input.apiKey.slice(-4) } : null;
      return { apiKey: voiceKey };
    }),
  });
});

describe('Credentials page (owner)', () => {
  it('shows each secret masked to its last 4 characters, copies one from the server, links each agent', async () => {
    renderWithProviders(<CredentialsPage />);
    expect((await screen.findByLabelText('Workspace secret (masked)')).textContent).toBe('••••••••9f3K');
    expect(document.body.textContent).not.toContain(FULL);
    fireEvent.click(screen.getByRole('button', { name: 'Copy Workspace secret' }));
    await waitFor(() => expect(revealed).toEqual(['workspace']));
    expect(screen.getByRole('link', { name: 'Front desk' }).getAttribute('href')).toContain('/agents/A1');
  });

  it('regenerates the workspace secret only after a confirmation, and shows the new one once', async () => {
    renderWithProviders(<CredentialsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate workspace secret' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/stops working at once/)).toBeTruthy();
    expect(regenerated).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect((await screen.findByLabelText('New workspace secret')).textContent).toBe('vg_brandNewSecret000001');
    expect(regenerated).toBe(1);
  });

  it('saves an own provider, says it is billed without model credits, and shows a refused address at its field', async () => {
    renderWithProviders(<CredentialsPage />);
    expect(await screen.findByText(/use no\s+model credits/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: 'http://10.0.0.1/v1' } });
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'sk-mine-4321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save provider' }));
    expect(await screen.findByText('This address cannot be reached from our servers.')).toBeTruthy();
    expect(providerSaves).toEqual([{ region: 'na', workspaceId: 'owner1', baseUrl: 'http://10.0.0.1/v1', apiKey: 'sk-mine-4321' }]);
  });
});

describe('Own voice provider key', () => {
  it('says its calls use no voice minute credits, shows a refused key at its field, then saves one shown as its last 4, and removes it', async () => {
    renderWithProviders(<CredentialsPage />);
    expect(await screen.findByText(/use no voice minute credits/)).toBeTruthy();
    const field = screen.getByLabelText('Vapi private key');
    fireEvent.click(screen.getByRole('button', { name: 'Save Vapi key' }));
    expect(await screen.findByText(credentialsApi.CREDENTIAL_MESSAGES.voiceKey)).toBeTruthy();
    expect(voiceSaves).toEqual([]);

    fireEvent.change(field, { target: { value: 'sk-wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Vapi key' }));
    expect(await screen.findByText(credentialsApi.CREDENTIAL_MESSAGES.voiceKeyRefused)).toBeTruthy();

    fireEvent.change(field, { target: { value: 'vapi-own-secret-7a7b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Vapi key' }));
    await waitFor(() => expect(screen.getByLabelText('Vapi private key').getAttribute('placeholder')).toBe('Saved key ending in 7a7b'));
    expect((screen.getByLabelText('Vapi private key') as HTMLInputElement).value).toBe('');
    expect(document.body.textContent).not.toContain('vapi-own-secret-7a7b');

    fireEvent.click(screen.getByRole('button', { name: 'Remove Vapi key' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Vapi key' })).toBeNull());
    expect(voiceSaves).toEqual(['sk-wrong', 'vapi-own-secret-7a7b', '']);
  });
});

describe('Credentials page (member)', () => {
  it('shows the agents without any secret or secret action', async () => {
    role = 'member';
    renderWithProviders(<CredentialsPage />, { workspace: fakeWorkspace({ user: fakeUser('mia@example.com', 'mia') }) });
    expect(await screen.findByText('Only the workspace owner can see and change secrets.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Front desk' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Copy|Regenerate/ })).toBeNull();
    expect(screen.queryByLabelText('Base URL')).toBeNull();
    expect(screen.queryByLabelText('Vapi private key')).toBeNull();
  });
});
