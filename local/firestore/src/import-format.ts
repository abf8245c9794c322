/**
 * The seed/import file format: plain JSON per document, keyed by database and
 * document path; special one-key objects express types JSON lacks.
 *
 *   { "projectId": "demo-parley",            // optional
 *     "databases": { "(default)": { "users/u1": { "name": "Ada", "age": 36,
 *        "joined": { "__timestamp__": "2024-01-02T03:04:05Z" } } } } }
 *
 * Markers: __timestamp__ (RFC 3339 string), __ref__ (document path below
 * /documents), __bytes__ (base64), __geo__ ([lat, lng]), __double__ (number kept
 * a double even if whole), __fields__ (a raw REST Value, e.g. {"integerValue":"9007199254740993"}).
 */
import { z } from 'zod';
import type { Value } from './contract.ts';
import { FirestoreError } from './contract.ts';
import type { Fields } from './values.ts';

export const importFileSchema = z.object({
  projectId: z.string().min(1).optional(),
  databases: z.record(z.string().min(1), z.record(z.string().min(1), z.record(z.string(), z.unknown()))),
});

export type ImportFile = z.infer<typeof importFileSchema>;

export function plainToValue(v: unknown, project: string, database: string): Value {
  if (v === null) return { nullValue: null };
  if (typeof v === 'boolean') return { booleanValue: v };
  if (typeof v === 'number') return Number.isInteger(v) ? { integerValue: String(v) } : { doubleValue: v };
  if (typeof v === 'string') return { stringValue: v };
  if (Array.isArray(v)) {
    const values = v.map((e) => plainToValue(e, project, database));
    return values.length ? { arrayValue: { values } } : { arrayValue: {} };
  }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 1) {
      const k = keys[0]!;
      const x = o[k];
      if (k === '__timestamp__' && typeof x === 'string') return { timestampValue: x };
      if (k === '__ref__' && typeof x === 'string') {
        return { referenceValue: `projects/${project}/databases/${database}/documents/${x.replace(/^\//, '')}` };
      }
      if (k === '__bytes__' && typeof x === 'string') return { bytesValue: x };
      if (k === '__geo__' && Array.isArray(x) && x.length === 2) {
        return { geoPointValue: { latitude: Number(x[0]), longitude: Number(x[1]) } };
      }
      if (k === '__double__' && typeof x === 'number') return { doubleValue: x };
      if (k === '__fields__' && x && typeof x === 'object') return x as Value;
    }
    return { mapValue: { fields: plainToFields(o, project, database) } };
  }
  throw new FirestoreError('INVALID_ARGUMENT', `Cannot import value ${String(v)}`);
}

export function plainToFields(o: Record<string, unknown>, project: string, database: string): Fields {
  const out: Fields = {};
  for (const [k, v] of Object.entries(o)) out[k] = plainToValue(v, project, database);
  return out;
}

export function parseImportFile(text: string): ImportFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`import file is not valid JSON: ${(e as Error).message}`);
  }
  const r = importFileSchema.safeParse(json);
  if (!r.success) throw new Error(`import file does not match {"databases": {"<db>": {"<doc path>": {fields}}}}: ${r.error.message}`);
  return r.data;
}
