// Regions as the SPA uses them (mirrors @parley/core's region module).
export type Region = 'eu' | 'na';
export const REGIONS: readonly Region[] = ['na', 'eu'];
export const isRegion = (value: unknown): value is Region => value === 'eu' || value === 'na';
export const otherRegion = (region: Region): Region => (region === 'eu' ? 'na' : 'eu');
export const REGION_LABELS: Record<Region, string> = { na: 'North America', eu: 'Europe' };
