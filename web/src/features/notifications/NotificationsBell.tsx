// Notifications panel (350x500) with the level setting; shown items become seen, Mark as read deletes.
import { ActionIcon, Button, Group, Indicator, NativeSelect, Paper, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { NOTIFICATIONS_PANEL_SIZE_PX, type NotifyIf } from '@parley/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { mergeNotifications, truncateNotificationText, type ShellNotification } from '../../lib/notifications';
import { toUnixSeconds } from '../../lib/upgrade-rule';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { markRead, markSeen, readLevelFilter, writeLevelFilter } from './notifications-data';
import { useLatestNotifications } from './use-notifications';
import { IconBell } from '../../ui/icons';
import { LiveError } from '../../ui/LiveError';

const LEVEL_OPTIONS = [
  { value: 'all', label: 'All notifications' },
  { value: 'requestsOnly', label: 'Requests only' },
  { value: 'none', label: 'None' },
];

export function NotificationsBell() {
  const { region } = useCurrentWorkspace();
  const [opened, setOpened] = useState(false);
  const [filter, setFilter] = useState<NotifyIf>(readLevelFilter);
  const data = useLatestNotifications();
  const items = mergeNotifications(data.data ?? [], filter);
  const unseen = items.filter((n) => !n.seen).length;

  // Shown notifications become seen.
  useEffect(() => {
    if (!opened) return;
    const fresh = items.filter((n) => !n.seen);
    if (fresh.length === 0) return;
    // The listeners bring the updated items back.
    void Promise.allSettled(fresh.map((n) => markSeen(region, n)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, items.map((n) => n.ID + n.seen).join()]);

  async function read(n: ShellNotification) {
    await markRead(region, n).catch(() => undefined);
  }

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={NOTIFICATIONS_PANEL_SIZE_PX.width} shadow="md">
      {/* The popover's target is the button itself (it carries aria-haspopup and aria-expanded); the count's badge wraps it. */}
      <Indicator disabled={unseen === 0} label={unseen} size={16}>
        <Popover.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={`Notifications${unseen ? ` (${unseen} new)` : ''}`} onClick={() => setOpened((o) => !o)}>
            <IconBell />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} h={NOTIFICATIONS_PANEL_SIZE_PX.height} aria-label="Notifications panel">
        <Stack gap={0} h="100%">
          <Group justify="space-between" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
            <Text fw={600}>Notifications</Text>
            <NativeSelect
              aria-label="Show notifications"
              size="xs"
              w={170}
              data={LEVEL_OPTIONS}
              value={filter}
              onChange={(e) => {
                const next = e.currentTarget.value as NotifyIf;
                setFilter(next);
                writeLevelFilter(next);
              }}
            />
          </Group>
          <ScrollArea style={{ flex: 1 }} p="xs">
            {data.error ? <LiveError what="notifications" error={data.error} onRetry={data.retry} mb="xs" /> : null}
            {items.length === 0 ? (
              <Text c="dimmed" ta="center" mt="xl" size="sm" hidden={!!data.error}>
                {filter === 'none' ? 'Notifications are turned off.' : 'You are all caught up.'}
              </Text>
            ) : (
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Notifications list">
                {items.map((n) => (
                  <Paper key={`${n.notificationLevel}-${n.ID}`} component="li" withBorder p="xs" bg={n.seen ? undefined : 'var(--mantine-color-parley-light)'}>
                    <Text size="sm" fw={600}>
                      {truncateNotificationText(n.title)}
                    </Text>
                    <Text size="sm">{truncateNotificationText(n.body)}</Text>
                    <Group justify="space-between" mt={4}>
                      <Text size="xs" c="dimmed">
                        {new Date((toUnixSeconds(n.ts) ?? 0) * 1000).toLocaleString()}
                      </Text>
                      <Group gap={4}>
                        {n.urlPathname && (
                          <Button component={Link} to={n.urlPathname} size="compact-xs" variant="subtle" onClick={() => setOpened(false)}>
                            Open
                          </Button>
                        )}
                        <Button size="compact-xs" variant="light" onClick={() => void read(n)} aria-label={`Mark as read: ${truncateNotificationText(n.title)}`}>
                          Mark as read
                        </Button>
                      </Group>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            )}
          </ScrollArea>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
