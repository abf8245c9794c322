// Notifications panel: latest items of both collections, truncated to 50 characters, seen when shown,
// level filter, mark as read deletes.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShellNotification } from '../../lib/notifications';
import { renderWithProviders } from '../../test/render';
import { NotificationsBell } from './NotificationsBell';

const data = vi.hoisted(() => ({ fetch: vi.fn(), seen: vi.fn(), read: vi.fn() }));
vi.mock('./notifications-data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./notifications-data')>()),
  fetchLatestNotifications: data.fetch,
  markSeen: data.seen,
  markRead: data.read,
}));

const now = Math.floor(Date.now() / 1000);
const item = (ID: string, level: 1 | 2, title: string, seen = false): ShellNotification => ({ ID, title, body: `Body of ${ID}`, ts: now - 10, seen, notificationLevel: level });

beforeEach(() => {
  data.fetch.mockReset();
  data.seen.mockReset().mockResolvedValue(undefined);
  data.read.mockReset().mockResolvedValue(undefined);
});

describe('notifications panel', () => {
  it('lists both collections with titles cut to 50 characters and marks shown items seen', async () => {
    const long = 'A visitor asked to talk to a human about the refund of order 1234';
    data.fetch.mockResolvedValue([[item('n1', 1, 'New lead captured', true)], [item('n2', 2, long)]]);
    renderWithProviders(<NotificationsBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications (1 new)' });
    fireEvent.click(bell);
    expect(await screen.findByText(`${long.slice(0, 50)}...`)).toBeTruthy();
    expect(screen.getByText('New lead captured')).toBeTruthy();
    await waitFor(() => expect(data.seen).toHaveBeenCalledTimes(1));
    expect(data.seen.mock.calls[0]![1]).toMatchObject({ ID: 'n2' });
  });

  it('filters by level and deletes on Mark as read', async () => {
    data.fetch.mockResolvedValue([[item('n1', 1, 'General news', true)], [item('n2', 2, 'Handoff request', true)]]);
    renderWithProviders(<NotificationsBell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    await screen.findByText('General news');
    fireEvent.change(screen.getByRole('combobox', { name: 'Show notifications' }), { target: { value: 'requestsOnly' } });
    await waitFor(() => expect(screen.queryByText('General news')).toBeNull());
    expect(screen.getByText('Handoff request')).toBeTruthy();
    expect(localStorage.getItem('parley.notificationsLevel')).toBe('requestsOnly');
    fireEvent.click(screen.getByRole('button', { name: 'Mark as read: Handoff request' }));
    await waitFor(() => expect(data.read).toHaveBeenCalledWith('na', expect.objectContaining({ ID: 'n2', notificationLevel: 2 })));
  });

  it('shows nothing when notifications are set to none', async () => {
    localStorage.setItem('parley.notificationsLevel', 'none');
    data.fetch.mockResolvedValue([[item('n1', 1, 'General news')], [item('n2', 2, 'Handoff request')]]);
    renderWithProviders(<NotificationsBell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Notifications are turned off.')).toBeTruthy();
    expect(screen.queryByText('Handoff request')).toBeNull();
  });
});
