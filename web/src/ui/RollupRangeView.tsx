// The date presets above a view of daily rollups (an agent's Analytics and Metrics, a payer's usage), then the view once its days have
// arrived: while listening a loader, on error the reason with "Try again".
import { Loader, SegmentedControl, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Live } from '../lib/live-data';
import { RANGE_PRESETS, type RangePreset } from '../lib/rollups-data';
import { LiveError } from './LiveError';

export interface RollupRangeViewProps<D> {
  /** What the view shows, in words ("analytics"). */
  what: string;
  preset: RangePreset;
  onPreset(preset: RangePreset): void;
  live: Live<D[]>;
  children(days: D[]): ReactNode;
}

export function RollupRangeView<D>({ what, preset, onPreset, live, children }: RollupRangeViewProps<D>) {
  return (
    <Stack gap="md">
      <SegmentedControl aria-label="Date range" value={preset} onChange={(v) => onPreset(v as RangePreset)} data={RANGE_PRESETS.map((p) => ({ ...p }))} />
      {live.error ? <LiveError what={what} error={live.error} onRetry={live.retry} /> : live.data ? children(live.data) : <Loader aria-label={`Loading ${what}`} />}
    </Stack>
  );
}
