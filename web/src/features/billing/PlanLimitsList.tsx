// What a subscribed plan allows (its limits with the add-ons on top), as the Current Plan card lists them.
import { List, Text } from '@mantine/core';
import type { UserBillingData } from './billing-api';

type Limits = NonNullable<UserBillingData['currentPlan']['limits']>;

const ROWS: ReadonlyArray<[keyof Limits, string]> = [
  ['maxAgents', 'Agents'],
  ['workspaceSeats', 'Workspace seats'],
  ['clientSeats', 'Client seats'],
  ['maxConcurrentCalls', 'Concurrent calls'],
  ['twilioPhoneNumberSlots', 'Phone numbers'],
];

const shown = (v: number | 'infinity') => (v === 'infinity' ? 'Unlimited' : v.toLocaleString('en-US'));

export function PlanLimitsList({ limits }: { limits: Limits }) {
  const rows = ROWS.filter(([key]) => limits[key] !== undefined);
  if (rows.length === 0) return null;
  return (
    <List size="sm" spacing={2} aria-label="Plan limits">
      {rows.map(([key, label]) => (
        <List.Item key={key}>
          <Text size="sm" span>
            {label}: {shown(limits[key] as number | 'infinity')}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
