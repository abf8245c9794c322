// Notifications panel against Google's Firestore emulator: latest items of both collections, truncated
// to 50 characters, seen when shown, level filter, mark as read deletes — and new ones arrive live.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { connectTestFirestore } from '../../test/emulator';
import { fakeWorkspace, renderWithProviders } from '../../test/render';
import { NotificationsBell } from './NotificationsBell';
import { NotificationsWatcher } from './NotificationsWatcher';

const fs = connectTestFirestore();

let owner = '';
let count = 0;
beforeEach(() => {
  // One workspace per test: the query is scoped by ownerID, so tests never see each other's items.
  owner = `owner${++count}`;
});

const now = () => Math.floor(Date.now() / 1000);

async function notify(level: 1 | 2, id: string, title: string, extra: Record<string, unknown> = {}) {
  await setDoc(doc(fs.server, `notifications-${level}/${id}`), { ownerID: owner, title, body: `Body of ${id}`, ts: now() - 10, seen: false, notificationLevel: level, ...extra });
}

function renderBell(withWatcher = false) {
  return renderWithProviders(
    <>
      <NotificationsBell />
      {withWatcher ? <NotificationsWatcher /> : null}
    </>,
    { workspace: fakeWorkspace({}, { uid: owner }) },
  );
}

const stored = async (level: 1 | 2, id: string) => (await getDoc(doc(fs.server, `notifications-${level}/${id}`))).data();

describe('notifications panel', () => {
  it('lists both collections with titles cut to 50 characters and marks shown items seen', async () => {
    const long = 'A visitor asked to talk to a human about the refund of order 1234';
    await notify(1, `${owner}-n1`, 'New lead captured', { seen: true });
    await notify(2, `${owner}-n2`, long);
    // Another workspace's notification is not listed.
    await notify(1, `${owner}-other`, 'Not yours', { ownerID: 'someone-else' });
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications (1 new)' }));
    expect(await screen.findByText(`${long.slice(0, 50)}...`)).toBeTruthy();
    expect(screen.getByText('New lead captured')).toBeTruthy();
    expect(screen.queryByText('Not yours')).toBeNull();
    await waitFor(async () => expect((await stored(2, `${owner}-n2`))?.seen).toBe(true));
    // The listener brings the change back: nothing new any more.
    await screen.findByRole('button', { name: 'Notifications' });
  });

  it('filters by level and deletes on Mark as read', async () => {
    await notify(1, `${owner}-n1`, 'General news', { seen: true });
    await notify(2, `${owner}-n2`, 'Handoff request', { seen: true });
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    await screen.findByText('General news');
    fireEvent.change(screen.getByRole('combobox', { name: 'Show notifications' }), { target: { value: 'requestsOnly' } });
    await waitFor(() => expect(screen.queryByText('General news')).toBeNull());
    expect(screen.getByText('Handoff request')).toBeTruthy();
    expect(localStorage.getItem('parley.notificationsLevel')).toBe('requestsOnly');
    fireEvent.click(screen.getByRole('button', { name: 'Mark as read: Handoff request' }));
    await waitFor(() => expect(screen.queryByText('Handoff request')).toBeNull());
    expect(await stored(2, `${owner}-n2`)).toBeUndefined();
  });

  it('shows nothing when notifications are set to none', async () => {
    localStorage.setItem('parley.notificationsLevel', 'none');
    await notify(1, `${owner}-n1`, 'General news');
    await notify(2, `${owner}-n2`, 'Handoff request');
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Notifications are turned off.')).toBeTruthy();
    expect(screen.queryByText('Handoff request')).toBeNull();
  });

  it('a notification written while the dashboard is open shows on the bell and as a toast', async () => {
    renderBell(true);
    await screen.findByRole('button', { name: 'Notifications' });
    await notify(2, `${owner}-live`, 'Visitor asks for a human');
    await screen.findByRole('button', { name: 'Notifications (1 new)' });
    // The watcher's toast (the panel is closed, so this is the only place the title shows).
    expect(await screen.findByText('Visitor asks for a human')).toBeTruthy();
  });
});
