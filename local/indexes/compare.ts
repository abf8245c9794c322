// Whether firestore.indexes.json provides the index a query needs, and if not, the exact entry to add.
import type { FieldMode, Requirement } from './required-index';
import type { CompositeIndex, FieldOverride, FieldOverrideIndex, IndexConfig, IndexField, QueryScope } from './types';

export type Missing =
  | { addTo: 'indexes'; entry: CompositeIndex }
  /** `replaces`: an existing override for the same field that the entry supersedes. */
  | { addTo: 'fieldOverrides'; entry: FieldOverride; replaces?: FieldOverride };

/** The override that governs a field: its own, else its nearest parent map field's, else the collection's "*". */
function overrideFor(config: IndexConfig, collectionGroup: string, fieldPath: string): FieldOverride | undefined {
  const overrides = (config.fieldOverrides ?? []).filter((o) => o.collectionGroup === collectionGroup);
  const segments = fieldPath.split('.');
  for (let n = segments.length; n > 0; n--) {
    const found = overrides.find((o) => o.fieldPath === segments.slice(0, n).join('.'));
    if (found) return found;
  }
  return overrides.find((o) => o.fieldPath === '*');
}

function servesMode(index: FieldOverrideIndex | IndexField, mode: FieldMode): boolean {
  if (mode === 'CONTAINS') return index.arrayConfig === 'CONTAINS';
  if (mode === 'EITHER_ORDER') return index.order !== undefined;
  return index.order === mode;
}

const overrideIndex = (mode: FieldMode, queryScope: QueryScope): FieldOverrideIndex =>
  mode === 'CONTAINS' ? { arrayConfig: 'CONTAINS', queryScope } : { order: mode === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING', queryScope };

/** The automatic single-field settings (collection scope only), which an override replaces for its field. */
const AUTOMATIC: FieldOverrideIndex[] = [
  { order: 'ASCENDING', queryScope: 'COLLECTION' },
  { order: 'DESCENDING', queryScope: 'COLLECTION' },
  { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' },
];

function missingSingleField(config: IndexConfig, collectionGroup: string, queryScope: QueryScope, fieldPath: string, mode: FieldMode): Missing | null {
  const override = overrideFor(config, collectionGroup, fieldPath);
  const available = override ? override.indexes : AUTOMATIC;
  if (available.some((i) => (i.queryScope ?? 'COLLECTION') === queryScope && servesMode(i, mode))) return null;
  // An override is per field: amend the field's own one, or add one that keeps the automatic settings.
  const own = override?.fieldPath === fieldPath ? override : undefined;
  const entry: FieldOverride = { collectionGroup, fieldPath, indexes: [...(own ? own.indexes : available), overrideIndex(mode, queryScope)] };
  return own ? { addTo: 'fieldOverrides', entry, replaces: own } : { addTo: 'fieldOverrides', entry };
}

/** An index's fields without the trailing __name__ that merely follows the last field's direction. */
function meaningfulFields(index: CompositeIndex): IndexField[] {
  const fields = [...index.fields];
  const last = fields.at(-1);
  if (last?.fieldPath === '__name__' && fields.length > 1 && last.order === fields.at(-2)?.order) fields.pop();
  return fields;
}

const sameField = (a: IndexField, b: IndexField) => a.fieldPath === b.fieldPath && a.order === b.order && a.arrayConfig === b.arrayConfig;

function compositeCovered(config: IndexConfig, req: Extract<Requirement, { kind: 'composite' }>): boolean {
  const { collectionGroup, queryScope, fields } = req.index;
  const equalities = fields.slice(0, req.equalityCount);
  const sorts = fields.slice(req.equalityCount);
  const modeOf = (f: IndexField): FieldMode => (f.arrayConfig ? 'CONTAINS' : 'EITHER_ORDER');
  // The equality fields an index can serve, if its remaining fields are exactly the query's sort fields.
  const equalityPrefix = (index: CompositeIndex): Set<string> | null => {
    const candidate = meaningfulFields(index);
    const prefixLength = candidate.length - sorts.length;
    if (prefixLength < 0 || !sorts.every((s, i) => sameField(s, candidate[prefixLength + i]!))) return null;
    const prefix = candidate.slice(0, prefixLength);
    const served = new Set<string>();
    for (const f of prefix) {
      const wanted = equalities.find((e) => e.fieldPath === f.fieldPath);
      if (!wanted || !servesMode(f, modeOf(wanted)) || served.has(f.fieldPath)) return null;
      served.add(f.fieldPath);
    }
    return served;
  };
  const prefixes = config.indexes
    .filter((i) => i.collectionGroup === collectionGroup && (i.queryScope ?? 'COLLECTION') === queryScope)
    .map(equalityPrefix)
    .filter((p): p is Set<string> => p !== null);
  if (prefixes.some((p) => p.size === equalities.length)) return true;
  if (!req.mergeable) return false;
  // Index merging: indexes (equality field…, sort field) together covering every equality field.
  const merged = new Set(prefixes.filter((p) => p.size > 0).flatMap((p) => [...p]));
  return merged.size === equalities.length;
}

/** What to add to the configuration so the requirement is met (empty when it already is). */
export function missingIndexes(config: IndexConfig, req: Requirement): Missing[] {
  if (req.kind === 'none') return [];
  if (req.kind === 'composite') return compositeCovered(config, req) ? [] : [{ addTo: 'indexes', entry: req.index }];
  return req.fields
    .map((f) => missingSingleField(config, req.collectionGroup, req.queryScope, f.fieldPath, f.mode))
    .filter((m): m is Missing => m !== null);
}
