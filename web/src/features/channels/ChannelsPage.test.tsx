// The Channels page and its modals with the functions' answers given per test (test/callables): the cards and
// their states, the saved-agent gate, the Channel Settings toggle, the analytics events, and each form's
// validation messages and toasts.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { channelsApi, voiceApi } from '@parley/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAgentDraft, loadAgentIntoDraft } from '../../lib/agent-draft';
import { answer, answerCallables } from '../../test/callables';
import { fakeUser, fakeWorkspace, renderWithProviders, stubFetch } from '../../test/render';
import { doc, setDoc } from 'firebase/firestore';
import { connectTestFirestore } from '../../test/emulator';
import ChannelsPage from './ChannelsPage';

// The Legacy Method reads waVerifyPassed from the agent document (Meta's handshake sets it server-side).
const fs = connectTestFirestore();

afterEach(() => {
  vi.unstubAllGlobals();
  window.dataLayer = [];
});

let n = 0;
function seed(extra: Record<string, unknown> = {}): string {
  const id = `ch${++n}`;
  loadAgentIntoDraft({ ID: id, title: 'Support', ownerID: 'owner1', lastModified: 1, ...extra });
  return id;
}

function renderPage(agentId: string, query = '', workspace = fakeWorkspace()) {
  return renderWithProviders(<ChannelsPage />, { route: `/app/na/agents/${agentId}/channels${query}`, path: '/app/na/agents/:agentId/channels/*', workspace });
}

const card = (name: string) => screen.getByRole('listitem', { name });
const connection = (channel: channelsApi.ChannelKind, label: string, agentId: string) => ({ channel, id: `${channel}-1`, agentId, agentTitle: 'Support', label });

describe('Channels page', () => {
  it('shows Active and Configure on connected cards, Connect on the others, and the switched-off cards disabled', async () => {
    const agentId = seed();
    answerCallables({
      listChannelConnections: answer(channelsApi.listChannelConnections, () => ({ connections: [connection('telegram', '@support_bot', agentId)] })),
    });
    renderPage(agentId);
    const telegram = await screen.findByRole('button', { name: 'Configure Telegram' });
    expect(within(card('Telegram')).getByText('Active')).toBeTruthy();
    expect(telegram).toBeTruthy();
    expect(within(card('Discord')).getByRole('button', { name: 'Connect Discord' })).toBeTruthy();
    expect(within(card('Discord')).queryByText('Active')).toBeNull();
    const google = within(card('Google Business Chat')).getByRole('button', { name: 'Deprecated: Google Business Chat' }) as HTMLButtonElement;
    expect(google.disabled).toBe(true);
    expect(within(card('Google Business Chat')).getAllByText('Deprecated').length).toBeGreaterThan(0);
    const email = within(card('Email')).getByRole('button', { name: 'Coming soon: Email' }) as HTMLButtonElement;
    expect(email.disabled).toBe(true);
    expect(within(card('Email')).getAllByText('Coming soon').length).toBeGreaterThan(0);
    expect(within(card('Voice')).getByRole('link', { name: 'Open Voice' }).getAttribute('href')).toBe(`/app/na/agents/${agentId}/channels/voice`);
    expect(window.dataLayer).toContainEqual({ event: 'channels_viewed', agentId });
  });

  it('shows the Voice card Active when the agent has a number or web calling, and not otherwise', async () => {
    const withNumber = seed();
    const withWebCalling = seed();
    const without = seed();
    const number = { ID: 'n1', ownerID: 'owner1', number: '+14155550101', source: 'bought' as const, agentId: withNumber, providerNumberId: 'p', createdAt: 1 };
    answerCallables({
      listChannelConnections: answer(channelsApi.listChannelConnections, () => ({ connections: [] })),
      getVoiceConfig: answer(voiceApi.getVoiceConfig, ({ agentId }) => ({
        voiceConfig: { config: { enableWebCalling: agentId === withWebCalling } },
        settings: {},
        assistantId: null,
        numbers: agentId === withNumber ? [number] : [],
      })),
    });
    for (const agentId of [withNumber, withWebCalling]) {
      const { unmount } = renderPage(agentId);
      expect(await within(card('Voice')).findByText('Active')).toBeTruthy();
      unmount();
    }
    renderPage(without);
    await screen.findByRole('button', { name: 'Connect Telegram' });
    await waitFor(() => expect(within(card('Telegram')).queryByText('Active')).toBeNull());
    expect(within(card('Voice')).queryByText('Active')).toBeNull();
  });

  it('keeps every channel disabled until the agent has been saved', async () => {
    const agentId = seed({ lastModified: 0 });
    renderPage(agentId);
    await screen.findByText(/Save your agent first/);
    expect((screen.getByRole('button', { name: 'Connect Telegram' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Connect WhatsApp' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('switch', { name: /Smart Initialization/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('saves Smart Initialization through the agent save', async () => {
    const agentId = seed({ smartInit: false });
    answerCallables({ listChannelConnections: answer(channelsApi.listChannelConnections, () => ({ connections: [] })) });
    const api = stubFetch((url, init) => ({ status: 200, body: { success: true, data: { ...JSON.parse(String(init.body)), ID: agentId } } }));
    vi.stubGlobal('fetch', api.fn);
    renderPage(agentId);
    fireEvent.click(await screen.findByRole('switch', { name: /Smart Initialization/ }));
    await screen.findByText('Channel settings saved');
    expect(api.calls[0]!.url).toContain(`/v2/agents/${agentId}`);
    expect(JSON.parse(String(api.calls[0]!.init.body)).smartInit).toBe(true);
    expect(getAgentDraft(agentId)?.saved.smartInit).toBe(true);
  });

  it('Telegram: the token is required, Save shows the functions’ toast, Disconnect when connected', async () => {
    const agentId = seed();
    let connected = false;
    const saved: string[] = [];
    answerCallables({
      listChannelConnections: answer(channelsApi.listChannelConnections, () => ({ connections: connected ? [connection('telegram', '@support_bot', agentId)] : [] })),
      saveTelegramBot: answer(channelsApi.saveTelegramBot, ({ token }) => {
        saved.push(token);
        if (token === 'bad') return { ok: false, message: 'Failed to set webhook: Unauthorized' };
        connected = true;
        return { ok: true, message: 'Telegram channel saved successfully' };
      }),
      disconnectTelegramBot: answer(channelsApi.disconnectTelegramBot, () => {
        connected = false;
        return { ok: true, message: 'Telegram channel disconnected' };
      }),
    });
    renderPage(agentId, '?channel=telegram');
    const dialog = await screen.findByRole('dialog', { name: 'Telegram' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Please provide a valid token.');
    expect(saved).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Bot token'), { target: { value: 'bad' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Failed to set webhook: Unauthorized');
    fireEvent.change(within(dialog).getByLabelText('Bot token'), { target: { value: '123:abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Telegram channel saved successfully');
    await within(dialog).findByText('Connected to @support_bot');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await screen.findByText('Telegram channel disconnected');
    await waitFor(() => expect(within(dialog).queryByText('Connected to @support_bot')).toBeNull());
    expect(saved).toEqual(['bad', '123:abc']);
  });

  it('Messenger: a Facebook sign-in whose token is refused says "Error has occured: {message}"', async () => {
    const agentId = seed();
    // Meta's SDK as the page sees it once loaded: the login answers a short-lived token.
    vi.stubGlobal('FB', { init: () => undefined, login: (done: (r: unknown) => void) => done({ authResponse: { accessToken: 'short-lived' } }) });
    answerCallables({
      listChannelConnections: answer(channelsApi.listChannelConnections, () => ({ connections: [] })),
      getMetaClientConfig: answer(channelsApi.getMetaClientConfig, () => ({
        appId: 'app1', configId: 'cfg1', graphVersion: 'v21.0', sdkUrl: 'https://meta.example/sdk.js', loginOrigins: [], sessionInfoVersion: 2, pageScopes: ['pages_messaging'],
      })),
      checkPageSubscriptions: answer(channelsApi.checkPageSubscriptions, () => ({ pages: [] })),
      exchangeMetaToken: answer(channelsApi.exchangeMetaToken, () => ({ ok: false, message: 'Invalid OAuth access token.' })),
    });
    renderPage(agentId, '?channel=messenger');
    const dialog = await screen.findByRole('dialog', { name: 'Messenger' });
    const signIn = within(dialog).getByRole('button', { name: 'Continue with Facebook' });
    await waitFor(() => expect((signIn as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(signIn);
    expect(await screen.findByText('Error has occured: Invalid OAuth access token.')).toBeTruthy();
  });

  it('Discord: both fields are required and the bot installer link asks for Manage Server', async () => {
    const agentId = seed();
    const saved: unknown[] = [];
    answerCallables({
      listChannelConnections: answer(channelsApi.listChannelConnections, () => ({ connections: [] })),
      discordInstallLink: answer(channelsApi.discordInstallLink, () => ({ url: channelsApi.discordInstallUrl('123'), permissions: 32 })),
      saveDiscordChannel: answer(channelsApi.saveDiscordChannel, (input) => {
        saved.push(input);
        return { ok: true, message: 'Discord channel saved successfully' };
      }),
    });
    renderPage(agentId, '?channel=discord');
    const dialog = await screen.findByRole('dialog', { name: 'Discord' });
    const link = await within(dialog).findByRole('link', { name: 'Add the bot to your server' });
    expect(new URL(link.getAttribute('href')!).searchParams.get('permissions')).toBe('32');
    fireEvent.change(within(dialog).getByLabelText('Channel ID'), { target: { value: '987' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Please fill out all fields.');
    fireEvent.change(within(dialog).getByLabelText('Webhook URL'), { target: { value: 'https://discord.com/api/webhooks/1/x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Discord channel saved successfully');
    expect(saved).toEqual([{ region: 'na', agentId, channelId: '987', webhookUrl: 'https://discord.com/api/webhooks/1/x' }]);
  });

  it('WhatsApp: the Send Test Message form’s three messages, then the send; an invalid template', async () => {
    const agentId = seed();
    const sent: unknown[] = [];
    answerCallables({
      listChannelConnections: answer(channelsApi.listChannelConnections, () => ({ connections: [connection('whatsapp', '+1 555-010-0001', agentId)] })),
      getMetaClientConfig: answer(channelsApi.getMetaClientConfig, () => ({
        appId: '1', configId: '2', graphVersion: 'v18.0', sdkUrl: 'http://127.0.0.1:9405/sdk.js', loginOrigins: ['http://127.0.0.1:9405'], sessionInfoVersion: 2, pageScopes: [],
      })),
      getWhatsappNumbers: answer(channelsApi.getWhatsappNumbers, () => ({ numbers: [{ agentId, wabaId: '200', phoneId: '300', phoneNumber: '+1 555-010-0001' }] })),
      sendWhatsappTestMessage: answer(channelsApi.sendWhatsappTestMessage, (input) => {
        sent.push(input);
        return { ok: true, message: 'Message sent successfully' };
      }),
    });
    renderPage(agentId, '?channel=whatsapp');
    const dialog = await screen.findByRole('dialog', { name: 'WhatsApp' });
    const number = await within(dialog).findByRole('listitem', { name: '+1 555-010-0001' });
    fireEvent.click(within(number).getByRole('button', { name: 'Send Test Message' }));
    const form = within(dialog).getByRole('form', { name: 'Send Test Message' });
    const send = () => fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    send();
    expect((await within(form).findByRole('alert')).textContent).toBe('Please provide a valid phone number and ensure the ID is reachable.');
    fireEvent.change(within(form).getByLabelText('Phone number'), { target: { value: '15550100002' } });
    send();
    await within(form).findByText('Please include the country code in the phone number.');
    fireEvent.change(within(form).getByLabelText('Phone number'), { target: { value: '+15550100002' } });
    send();
    await within(form).findByText('Please enter a message to send.');
    fireEvent.change(within(form).getByLabelText('Message'), { target: { value: 'Hello from Parley' } });
    send();
    await screen.findByText('Message sent successfully', {}, { timeout: 5000 });
    expect(sent).toEqual([{ region: 'na', agentId, phoneId: '300', to: '+15550100002', message: 'Hello from Parley' }]);
    // The form closes on Send.
    await waitFor(() => expect(within(dialog).queryByRole('form', { name: 'Send Test Message' })).toBeNull());

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Template' }));
    const template = within(dialog).getByRole('form', { name: 'Create Template' });
    fireEvent.change(within(template).getByLabelText('Template name'), { target: { value: 'Order Update' } });
    expect((within(template).getByLabelText('Template name') as HTMLInputElement).value).toBe('order_update');
    fireEvent.click(within(template).getByRole('button', { name: 'Create' }));
    expect((await within(template).findByRole('alert')).textContent).toBe('Invalid template info');
  });

  it('WhatsApp Legacy Method: the webhook URL and the agent id as verify token; the banner once verified', async () => {
    const agentId = seed({ waVerifyPassed: false });
    const started: unknown[] = [];
    answerCallables({
      listChannelConnections: answer(channelsApi.listChannelConnections, () => ({ connections: [] })),
      getMetaClientConfig: answer(channelsApi.getMetaClientConfig, () => ({
        appId: '1', configId: '2', graphVersion: 'v18.0', sdkUrl: 'x', loginOrigins: [], sessionInfoVersion: 2, pageScopes: [],
      })),
      getWhatsappNumbers: answer(channelsApi.getWhatsappNumbers, () => ({ numbers: [] })),
      runWhatsappLegacyTest: answer(channelsApi.runWhatsappLegacyTest, () => ({ ok: true, message: 'Message sent successfully', waVerifyPassed: false })),
      startWhatsappLegacySetup: answer(channelsApi.startWhatsappLegacySetup, (input) => {
        started.push(input);
        return { started: true };
      }),
    });
    renderPage(agentId, '?channel=whatsapp');
    const dialog = await screen.findByRole('dialog', { name: 'WhatsApp' });
    fireEvent.click(within(dialog).getByText('Legacy Method (Deprecated)'));
    // Opening the form records, server-side, that the owner started the set-up (the handshake's precondition).
    await waitFor(() => expect(started).toContainEqual({ region: 'na', agentId }));
    expect(within(dialog).getByLabelText('Webhook URL').textContent).toBe(`${window.location.origin}/agents/${agentId}/wa-webhook`);
    expect(within(dialog).getByLabelText('Verify token').textContent).toBe(agentId);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Run Test' }));
    await screen.findByText('Message sent successfully', {}, { timeout: 5000 });
    expect(within(dialog).queryByRole('status', { name: 'WhatsApp connected' })).toBeNull();
    // Meta's handshake reaches the functions, which mark the agent: the open modal notices.
    await setDoc(doc(fs.server, `voiceglow/${agentId}`), { ID: agentId, ownerID: 'owner1', waVerifyPassed: true });
    await within(dialog).findByRole('status', { name: 'WhatsApp connected' }, { timeout: 8000 });
    // The card follows: WhatsApp is Active once Meta's handshake has passed.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(within(card('WhatsApp')).getByText('Active')).toBeTruthy());
  });

  it('hides the documentation help boxes from agency users', async () => {
    const agentId = seed();
    answerCallables({ listChannelConnections: answer(channelsApi.listChannelConnections, () => ({ connections: [] })) });
    const owner = renderPage(agentId, '?channel=telegram');
    expect(await screen.findByLabelText('Help: Create a Telegram bot')).toBeTruthy();
    owner.unmount();
    const agencyUser = { ...fakeUser(), getIdTokenResult: async () => ({ claims: { agencyId: 'ag1' } }) } as unknown as User;
    renderPage(agentId, '?channel=telegram', fakeWorkspace({ user: agencyUser }));
    await screen.findByRole('dialog', { name: 'Telegram' });
    await waitFor(() => expect(screen.queryByLabelText('Help: Create a Telegram bot')).toBeNull());
  });
});
