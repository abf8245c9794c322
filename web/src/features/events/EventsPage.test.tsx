import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eventsApi, logsApi } from '@parley/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, answerCallables, CallableRefusal } from '../../test/callables';
import { fakeUser, fakeWorkspace, renderWithProviders } from '../../test/render';
import EventsPage from './EventsPage';

const delivery: eventsApi.DeliveryDetail = {
  id: 'msg_abc', type: 'conversation.started', status: 'failed', endpoint: 'https://hooks.example.com/parley', createdAt: 1_767_225_600_000,
  attemptCount: 2, lastStatus: 500, nextAttemptAt: null, body: '{"type":"conversation.started","payload":{"conversationId":"c_9"}}',
  attempts: [
    { at: 1_767_225_600_000, status: 500, ok: false, excerpt: 'receiver is down' },
    { at: 1_767_225_630_000, status: 0, ok: false, excerpt: 'The address did not answer in time.' },
  ],
};
let saved: unknown[];
let replayed: string[];
let logQueries: unknown[];

beforeEach(() => {
  saved = [];
  replayed = [];
  logQueries = [];
  answerCallables({
    getEventsSettings: answer(eventsApi.getEventsSettings, () => ({ endpoint: 'https://hooks.example.com/parley', enabled: true, subscribedEvents: ['new-agent'], disabledReason: null })),
    saveEventsSettings: answer(eventsApi.saveEventsSettings, (input) => {
      saved.push(input);
      if (input.endpoint.includes('169.254')) throw new CallableRefusal('invalid-argument', 'Invalid input — endpoint: This address cannot be reached from our servers.');
      return { endpoint: input.endpoint, enabled: input.enabled, subscribedEvents: input.subscribedEvents ?? [], disabledReason: null };
    }),
    listEventDeliveries: answer(eventsApi.listEventDeliveries, () => ({ deliveries: [delivery], more: false })),
    getEventDelivery: answer(eventsApi.getEventDelivery, () => ({ delivery })),
    replayEventDelivery: answer(eventsApi.replayEventDelivery, (input) => {
      replayed.push(input.deliveryId);
      return { delivery: { ...delivery, id: 'msg_new', status: 'pending', attemptCount: 0 } };
    }),
    listWorkspaceLogs: answer(logsApi.listWorkspaceLogs, (input) => {
      logQueries.push(input);
      return { logs: [{ id: 'l1', type: 'error', channel: 'web', agentId: 'A1', content: 'Failed to send event', metadata: '{}', createdAt: 1_767_225_600_000 }], more: false };
    }),
  });
});

describe('Events page — endpoint', () => {
  it('saves the endpoint and the chosen types; a refused address is shown at the field', async () => {
    renderWithProviders(<EventsPage />);
    const url = await screen.findByLabelText('Endpoint URL');
    fireEvent.change(url, { target: { value: 'http://169.254.169.254/latest' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /conversation\.started/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This address cannot be reached from our servers.')).toBeTruthy();
    expect(saved[0]).toMatchObject({ endpoint: 'http://169.254.169.254/latest', enabled: true, subscribedEvents: ['new-agent', 'conversation.started'] });
    fireEvent.change(url, { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid URL (https://...).')).toBeTruthy();
    expect(saved).toHaveLength(1);
  });

  it('documents every event type with an example, and how to verify a delivery', async () => {
    renderWithProviders(<EventsPage />);
    const types = await screen.findByLabelText('Event types');
    for (const type of eventsApi.EVENT_TYPE_KEYS) expect(within(types).getByRole('button', { name: type })).toBeTruthy();
    expect(screen.getByLabelText('Verification snippet').textContent).toContain("new Webhook(process.env.PARLEY_SIGNING_SECRET)");
  });

  it('is read-only for a member', async () => {
    renderWithProviders(<EventsPage />, { workspace: fakeWorkspace({ user: fakeUser('mia@example.com', 'mia') }) });
    expect(((await screen.findByLabelText('Endpoint URL')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Only the workspace owner can change the endpoint.')).toBeTruthy();
  });
});

describe('Events page — deliveries and logs', () => {
  it('opens a delivery to show its payload and each attempt, and replays it', async () => {
    renderWithProviders(<EventsPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Deliveries' }));
    const table = await screen.findByRole('table', { name: 'Deliveries' });
    fireEvent.click(within(table).getByRole('button', { name: /Open delivery conversation\.started/ }));
    expect((await screen.findByLabelText('Payload')).textContent).toContain('"conversationId": "c_9"');
    const attempts = screen.getByRole('table', { name: 'Attempts' });
    expect(within(attempts).getByText('receiver is down')).toBeTruthy();
    expect(within(attempts).getByText('The address did not answer in time.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Replay' }));
    await waitFor(() => expect(replayed).toEqual(['msg_abc']));
  });

  it('lists the logs and filters them by type', async () => {
    renderWithProviders(<EventsPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Logs' }));
    expect(within(await screen.findByRole('table', { name: 'Logs' })).getByText('Failed to send event')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Log type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'error' }));
    await waitFor(() => expect(logQueries.at(-1)).toMatchObject({ type: 'error' }));
  });
});
