// Regions and their Firestore databases: na → "(default)", eu → "voiceglow-eu".
import { z } from 'zod';

export const REGIONS = ['eu', 'na'] as const;
/** The one region schema: every input naming a region (query `?region=`, bodies, callables) uses it. */
export const regionSchema = z.enum(REGIONS, { error: 'Region must be "na" or "eu".' });
export type Region = z.infer<typeof regionSchema>;
export const DEFAULT_REGION: Region = 'na';
/** How a region is named on screen. */
export const REGION_LABELS: Readonly<Record<Region, string>> = { na: 'North America', eu: 'Europe' };

export const DATABASE_IDS = { na: '(default)', eu: 'voiceglow-eu' } as const satisfies Record<Region, string>;
export type DatabaseId = (typeof DATABASE_IDS)[Region];
/** The database is also called a "bucket" (its Firestore database id); agent settings store it as `region`. */
export const bucketSchema = z.enum(['(default)', 'voiceglow-eu']);
export const DEFAULT_BUCKET: DatabaseId = '(default)';

export const isRegion = (value: unknown): value is Region => value === 'eu' || value === 'na';
export const databaseIdForRegion = (region: Region): DatabaseId => DATABASE_IDS[region];
export function regionForDatabaseId(databaseId: string): Region | null {
  if (databaseId === DATABASE_IDS.eu) return 'eu';
  if (databaseId === DATABASE_IDS.na) return 'na';
  return null;
}
export const otherRegion = (region: Region): Region => (region === 'eu' ? 'na' : 'eu');
