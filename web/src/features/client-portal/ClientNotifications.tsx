// The client's notifications: the latest of notifications-1 and -2 for its agents (at most 10 agent ids per query, as
// the rules' list check allows), addressed to everyone (notifyOnly empty) or to this client, filtered by the
// client's notifyIf level. Clients never mark or delete a notification other clients also receive: opening the
// panel records on the client's own record when it last looked (notificationsSeenAt), and the bell counts what
// came after.
import { ActionIcon, Indicator, Paper, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { isNotificationForClient, NOTIFICATION_QUERY_LIMIT, NOTIFICATIONS_PANEL_SIZE_PX, toUnixSeconds, truncateNotificationText } from '@parley/core';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { doc, updateDoc } from 'firebase/firestore/lite';
import { collection, limit, orderBy, query, where, type Firestore } from 'firebase/firestore';
import { useFirestore } from 'reactfire';
import { db } from '../../lib/firestore';
import { useLiveCollection, type LiveRow } from '../../lib/live-data';
import { notificationFields } from '../../lib/notifications';
import { IconBell } from '../../ui/icons';
import type { PortalClient } from './client-data';
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

function toNotification(row: LiveRow, level: 1 | 2): ClientNotification {
  return { ...notificationFields(row, level), notifyOnly: Array.isArray(row.notifyOnly) ? (row.notifyOnly as string[]) : [] };
}
const toLevel1 = (rows: LiveRow[]) => rows.map((row) => toNotification(row, 1));
const toLevel2 = (rows: LiveRow[]) => rows.map((row) => toNotification(row, 2));

/**
 * Four queries (each collection; to everyone, and to this client), each one the rules can judge from its
 * constraints. Written out one by one so the index check can read every query.
 */
function clientNotificationQueries(live: Firestore, agentIds: string[], clientId: string) {
  return [
    query(collection(live, 'notifications-1'), where('agentId', 'in', agentIds), where('notifyOnly', '==', []), orderBy('ts', 'desc'), limit(NOTIFICATION_QUERY_LIMIT)),
    query(collection(live, 'notifications-1'), where('agentId', 'in', agentIds), where('notifyOnly', 'array-contains', clientId), orderBy('ts', 'desc'), limit(NOTIFICATION_QUERY_LIMIT)),
    query(collection(live, 'notifications-2'), where('agentId', 'in', agentIds), where('notifyOnly', '==', []), orderBy('ts', 'desc'), limit(NOTIFICATION_QUERY_LIMIT)),
    query(collection(live, 'notifications-2'), where('agentId', 'in', agentIds), where('notifyOnly', 'array-contains', clientId), orderBy('ts', 'desc'), limit(NOTIFICATION_QUERY_LIMIT)),
  ] as const;
}

/** The client's notifications from the four listeners, once each has answered; newest first, as its level allows. */
function useClientNotifications(agentIds: string[], clientId: string): ClientNotification[] {
  const live = useFirestore();
  const key = agentIds.join();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the ids' contents (key), not the array's identity, make the queries
  const [toAll1, toMe1, toAll2, toMe2] = useMemo(() => clientNotificationQueries(live, agentIds, clientId), [live, key, clientId]);
  const lists = [useLiveCollection(toAll1, toLevel1), useLiveCollection(toMe1, toLevel1), useLiveCollection(toAll2, toLevel2), useLiveCollection(toMe2, toLevel2)];
  return lists.every((list) => list.data) ? lists.flatMap((list) => list.data ?? []) : [];
}

export function ClientNotifications() {
  const { client, access } = usePortal();
  const agentIds = access.widgetIDs.slice(0, 10);
  if (!client) return null;
  // A client without agents has nothing to listen to (a query on no agent ids is not one Firestore accepts).
  return agentIds.length > 0 ? <ListeningBell agentIds={agentIds} client={client} /> : <Bell client={client} received={[]} />;
}

function ListeningBell({ agentIds, client }: { agentIds: string[]; client: PortalClient }) {
  return <Bell client={client} received={useClientNotifications(agentIds, client.ID)} />;
}

function Bell({ client, received }: { client: PortalClient; received: ClientNotification[] }) {
  const { region } = usePortal();
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const notifyIf = client.notificationsSettings.notifyIf ?? 'all';
  const items = received
    .filter((n) => isNotificationForClient(n, { notifyIf, clientId: client?.ID }))
    .sort((a, b) => (toUnixSeconds(b.ts) ?? 0) - (toUnixSeconds(a.ts) ?? 0));
  const seenAt = client.notificationsSeenAt ?? 0;
  const unseen = items.filter((n) => (toUnixSeconds(n.ts) ?? 0) > seenAt).length;
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
