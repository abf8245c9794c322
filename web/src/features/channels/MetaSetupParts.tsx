// The parts both Meta setup forms are made of (Messenger/Instagram pages, WhatsApp numbers): the button that opens
// Meta's sign-in, the list of what the Meta account offers with Connect, and the list of what this agent has
// connected with Remove.
import { Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { RemoveButton } from '../../ui/RemoveButton';
import type { useMetaSdk } from './meta-sdk';

/** Opens Meta's sign-in once its SDK is ready (loading until then, unless it failed to load). */
export function MetaSignInButton(props: { meta: ReturnType<typeof useMetaSdk>; pending: boolean; onClick(): void; children: ReactNode }) {
  const { meta } = props;
  return (
    <Button onClick={props.onClick} loading={props.pending || (!meta.ready && !meta.failed)} disabled={!meta.ready} w="fit-content">
      {props.children}
    </Button>
  );
}

/** A list of rows, named for screen readers; `empty` is shown above the rows (when there are none). */
export function SetupList(props: { label: string; empty?: ReactNode; children: ReactNode }) {
  return (
    <>
      {/* Outside the list: a list holds only its items. */}
      {props.empty}
      <Stack gap="xs" role="list" aria-label={props.label}>
        {props.children}
      </Stack>
    </>
  );
}

/** The agent's connections under their heading. */
export function ConnectedList(props: { title: string; empty?: ReactNode; children: ReactNode }) {
  return (
    <>
      <Title order={3} size="h5">
        {props.title}
      </Title>
      <SetupList label={props.title} empty={props.empty}>
        {props.children}
      </SetupList>
    </>
  );
}

/** Something the Meta account offers (a page, a number): its details, then Connect, or Connected once it is. */
export function OfferedRow(props: { name: string; connected: boolean; connecting: boolean; disabled?: boolean; onConnect(): void; children: ReactNode }) {
  return (
    <Paper withBorder p="xs" role="listitem" aria-label={props.name}>
      <Group justify="space-between" wrap="nowrap">
        {props.children}
        {props.connected ? (
          <Badge color="green">Connected</Badge>
        ) : (
          <Button size="xs" aria-label={`Connect ${props.name}`} disabled={props.disabled} loading={props.connecting} onClick={props.onConnect}>
            Connect
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/**
 * A connection of this agent: its details, any other actions, then Remove. `below` (when given, even null) is
 * shown under the row, for a form the row's actions open.
 */
export function ConnectedRow(props: { name: string; removing: boolean; onRemove(): void; actions?: ReactNode; below?: ReactNode; children: ReactNode }) {
  const remove = <RemoveButton name={props.name} loading={props.removing} onClick={props.onRemove} />;
  const row = (
    <Group justify="space-between" wrap="nowrap">
      {props.children}
      {props.actions ? (
        <Group gap="xs">
          {props.actions}
          {remove}
        </Group>
      ) : (
        remove
      )}
    </Group>
  );
  return (
    <Paper withBorder p="xs" role="listitem" aria-label={props.name}>
      {props.below === undefined ? (
        row
      ) : (
        <Stack gap="xs">
          {row}
          {props.below}
        </Stack>
      )}
    </Paper>
  );
}
