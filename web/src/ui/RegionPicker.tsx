// Where a new workspace's data lives: one choice per region, the default region first.
import { Group, Radio, Stack } from '@mantine/core';
import { DEFAULT_REGION, isRegion, otherRegion, REGION_LABELS, type Region } from '@parley/core';

export function RegionPicker({ value, onChange, description, inline = false }: { value: Region; onChange(region: Region): void; description?: string; inline?: boolean }) {
  const options = [DEFAULT_REGION, otherRegion(DEFAULT_REGION)].map((region) => (
    <Radio key={region} value={region} label={`${REGION_LABELS[region]} (${region.toUpperCase()})`} />
  ));
  return (
    <Radio.Group label="Data region" description={description} value={value} onChange={(v) => isRegion(v) && onChange(v)}>
      {inline ? <Group mt={6}>{options}</Group> : <Stack gap={6} mt={6}>{options}</Stack>}
    </Radio.Group>
  );
}
