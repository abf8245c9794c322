export { default as AnalyticsPage } from './AnalyticsPage';
export { RANGE_PRESETS, useAgentRollups, type RangePreset } from './rollups-data';
