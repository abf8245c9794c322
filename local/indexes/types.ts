// Shapes shared by the index check: a query as Firestore's index selection sees it, where it was found,
// and the parts of firestore.indexes.json the check reads.

export type FilterOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'not-in' | 'array-contains' | 'array-contains-any';
export const FILTER_OPS: readonly FilterOp[] = ['==', '!=', '<', '<=', '>', '>=', 'in', 'not-in', 'array-contains', 'array-contains-any'];

export type Direction = 'asc' | 'desc';
export type QueryScope = 'COLLECTION' | 'COLLECTION_GROUP';

/** One concrete query: collection id, filters and explicit orderBy, in the order the code gives them. */
export interface QueryShape {
  /** The collection id (last path segment), which is what indexes are keyed by. */
  collectionGroup: string;
  queryScope: QueryScope;
  filters: { fieldPath: string; op: FilterOp }[];
  orderBy: { fieldPath: string; direction: Direction }[];
  /** limitToLast runs the query with every ordering reversed. */
  limitToLast?: boolean;
}

export type Side = 'functions' | 'web';

export interface SourceLocation {
  /** Path relative to the repository root. */
  file: string;
  line: number;
  side: Side;
  /** The query's source text, on one line. */
  text: string;
}

export interface FoundQuery extends SourceLocation {
  shape: QueryShape;
}

export interface Unverifiable extends SourceLocation {
  reason: string;
}

// firestore.indexes.json
export interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
  vectorConfig?: unknown;
}

export interface CompositeIndex {
  collectionGroup: string;
  queryScope?: QueryScope;
  fields: IndexField[];
}

export interface FieldOverrideIndex {
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
  queryScope?: QueryScope;
}

export interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  /** Firestore deletes a document once this (timestamp) field is in the past. */
  ttl?: boolean;
  indexes: FieldOverrideIndex[];
}

export interface IndexConfig {
  indexes: CompositeIndex[];
  fieldOverrides?: FieldOverride[];
}
