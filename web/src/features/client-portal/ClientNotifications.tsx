// The client's notifications: the latest of notifications-1 and -2 for its agents (at most 10 agent ids per query, as
// the rules' list check allows), addressed to everyone (notifyOnly empty) or to this client, filtered by the
// client's notifyIf level. Clients never mark or delete a notification other clients also receive: opening the
// panel records on the client's own record when it last looked (notificationsSeenAt), and the bell counts what
// came after.
import { ActionIcon, Indicator, Paper, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { isNotificationForClient, NOTIFICATION_QUERY_LIMIT, NOTIFICATIONS_PANEL_SIZE_PX, toUnixSeconds, truncateNotificationText, type Region } from '@parley/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { doc, updateDoc } from 'firebase/firestore/lite';
import type { QuerySnapshot } from 'firebase/firestore';
import { db } from '../../lib/firestore';
import { querySnapshots, type LiveSource } from '../../lib/firestore-live';
import { combineLive, useLiveQuery } from '../../lib/live-query';
import { IconBell } from '../../ui/icons';
import { usePortal } from './portal-context';

interface ClientNotification {
  ID: string;
  title: string;
  body: string;
  urlPathname?: string | undefined;
  ts: unknown;
  notificationLevel: 1 | 2;
  notifyOnly: string[];
}

function toNotifications(level: 1 | 2) {
  return (snap: QuerySnapshot): ClientNotification[] =>
    snap.docs.map((d) => {
      const data = d.data();
      return {
        ID: d.id,
        title: String(data.title ?? ''),
        body: String(data.body ?? ''),
        urlPathname: typeof data.urlPathname === 'string' ? data.urlPathname : undefined,
        ts: data.ts,
        notificationLevel: level,
        notifyOnly: Array.isArray(data.notifyOnly) ? (data.notifyOnly as string[]) : [],
      };
    });
}

/**
 * Four listeners (each collection; to everyone, and to this client), each a query the rules can judge from its
 * constraints. Written out one by one so the index check can read every query.
 */
function liveClientNotifications(region: Region, agentIds: string[], clientId: string): LiveSource<ClientNotification[][]> {
  return combineLive([
    querySnapshots(
      region,
      ({ sdk, db }) =>
        sdk.query(sdk.collection(db, 'notifications-1'), sdk.where('agentId', 'in', agentIds), sdk.where('notifyOnly', '==', []), sdk.orderBy('ts', 'desc'), sdk.limit(NOTIFICATION_QUERY_LIMIT)),
      toNotifications(1),
    ),
    querySnapshots(
      region,
      ({ sdk, db }) =>
        sdk.query(sdk.collection(db, 'notifications-1'), sdk.where('agentId', 'in', agentIds), sdk.where('notifyOnly', 'array-contains', clientId), sdk.orderBy('ts', 'desc'), sdk.limit(NOTIFICATION_QUERY_LIMIT)),
      toNotifications(1),
    ),
    querySnapshots(
      region,
      ({ sdk, db }) =>
        sdk.query(sdk.collection(db, 'notifications-2'), sdk.where('agentId', 'in', agentIds), sdk.where('notifyOnly', '==', []), sdk.orderBy('ts', 'desc'), sdk.limit(NOTIFICATION_QUERY_LIMIT)),
      toNotifications(2),
    ),
    querySnapshots(
      region,
      ({ sdk, db }) =>
        sdk.query(sdk.collection(db, 'notifications-2'), sdk.where('agentId', 'in', agentIds), sdk.where('notifyOnly', 'array-contains', clientId), sdk.orderBy('ts', 'desc'), sdk.limit(NOTIFICATION_QUERY_LIMIT)),
      toNotifications(2),
    ),
  ]);
}

export function ClientNotifications() {
  const { region, client, access } = usePortal();
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const agentIds = access.widgetIDs.slice(0, 10);
  const enabled = !!client && agentIds.length > 0;
  const live = useLiveQuery(['portal', region, 'notifications', client?.ID ?? '', ...agentIds], enabled ? liveClientNotifications(region, agentIds, client!.ID) : null);
  const notifyIf = client?.notificationsSettings.notifyIf ?? 'all';
  const items = (live.data ?? [])
    .flat()
    .filter((n) => isNotificationForClient(n, { notifyIf, clientId: client?.ID }))
    .sort((a, b) => (toUnixSeconds(b.ts) ?? 0) - (toUnixSeconds(a.ts) ?? 0));
  const seenAt = client?.notificationsSeenAt ?? 0;
  const unseen = items.filter((n) => (toUnixSeconds(n.ts) ?? 0) > seenAt).length;
  if (!client) return null;
  const toggle = () => {
    if (!opened && unseen > 0) {
      // The newest shown is what the client has now seen (their own record; the live listener updates the bell).
      const newest = Math.min(Math.max(...items.map((n) => toUnixSeconds(n.ts) ?? 0)), Math.floor(Date.now() / 1000));
      void updateDoc(doc(db(region), 'clients', client.ID), { notificationsSeenAt: newest }).catch(() => undefined);
    }
    setOpened((v) => !v);
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={NOTIFICATIONS_PANEL_SIZE_PX.width}>
      {/* The popover's target is the button itself (it carries aria-haspopup and aria-expanded); the count's badge wraps it. */}
      <Indicator disabled={unseen === 0} label={unseen} size={16}>
        <Popover.Target>
          <ActionIcon variant="subtle" aria-label={`Notifications${unseen ? ` (${unseen} new)` : ''}`} onClick={toggle}>
            <IconBell />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown>
        <ScrollArea h={NOTIFICATIONS_PANEL_SIZE_PX.height - 40}>
          <Stack gap="xs">
            {items.length === 0 ? <Text size="sm" c="dimmed">No notifications yet.</Text> : null}
            {items.map((n) => (
              <Paper
                key={`${n.notificationLevel}-${n.ID}`}
                p="xs"
                withBorder
                style={n.urlPathname ? { cursor: 'pointer' } : undefined}
                onClick={() => {
                  setOpened(false);
                  if (n.urlPathname) navigate(n.urlPathname);
                }}
              >
                <Text size="sm" fw={600}>
                  {truncateNotificationText(n.title)}
                </Text>
                <Text size="xs">{truncateNotificationText(n.body)}</Text>
              </Paper>
            ))}
          </Stack>
        </ScrollArea>
      </Popover.Dropdown>
    </Popover>
  );
}
