// The check: every query the code issues (extract) → the index it needs (required-index) → whether
// firestore.indexes.json has it (compare), with a report a developer can act on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { missingIndexes, type Missing } from './compare';
import { extractQueries } from './extract';
import { createPrograms, listSourceFiles } from './program';
import { requiredIndex } from './required-index';
import type { FoundQuery, IndexConfig, QueryShape, Unverifiable } from './types';

export interface Uncovered {
  query: FoundQuery;
  missing: Missing[];
}

export interface CheckResult {
  queries: FoundQuery[];
  unverifiable: Unverifiable[];
  uncovered: Uncovered[];
}

export function readIndexConfig(root: string): IndexConfig {
  return JSON.parse(readFileSync(join(root, 'firestore.indexes.json'), 'utf8')) as IndexConfig;
}

export interface CheckOptions {
  /** Repository root. */
  root: string;
  /** Defaults to the root's firestore.indexes.json. */
  config?: IndexConfig;
  /** Defaults to every source file under functions/src and web/src. */
  files?: readonly string[];
  /** In-memory sources (absolute path → text) that add to or replace files on disk. */
  overlay?: ReadonlyMap<string, string>;
}

export function checkIndexes({ root, config = readIndexConfig(root), files = listSourceFiles(root), overlay }: CheckOptions): CheckResult {
  const result: CheckResult = { queries: [], unverifiable: [], uncovered: [] };
  for (const { program, files: sources } of createPrograms(root, files, overlay)) {
    const found = extractQueries(program, sources, root);
    result.queries.push(...found.queries);
    result.unverifiable.push(...found.unverifiable);
  }
  for (const query of result.queries) {
    const missing = missingIndexes(config, requiredIndex(query.shape));
    if (missing.length > 0) result.uncovered.push({ query, missing });
  }
  return result;
}

export function describeShape(q: QueryShape): string {
  const parts = [
    ...q.filters.map((f) => `${f.fieldPath} ${f.op}`),
    ...q.orderBy.map((o) => `orderBy ${o.fieldPath} ${o.direction}`),
    ...(q.limitToLast ? ['limitToLast'] : []),
  ];
  return `${q.collectionGroup} (${q.queryScope})${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

const indent = (text: string, by: string) => text.replace(/^/gm, by);

/** Empty when every query is covered and verifiable. */
export function formatReport(result: CheckResult): string {
  const sections: string[] = [];
  if (result.uncovered.length > 0) {
    const lines = [`${result.uncovered.length} Firestore quer${result.uncovered.length === 1 ? 'y needs an index' : 'ies need indexes'} missing from firestore.indexes.json:`];
    for (const { query, missing } of result.uncovered) {
      lines.push('', `${query.file}:${query.line}  ${query.text}`, `  ${describeShape(query.shape)}`);
      for (const m of missing) {
        const where = m.addTo === 'indexes' ? 'add to "indexes"' : m.replaces ? `replace the "fieldOverrides" entry for ${m.entry.fieldPath} with` : 'add to "fieldOverrides"';
        lines.push(`  ${where}:`, indent(JSON.stringify(m.entry, null, 2), '    '));
      }
    }
    sections.push(lines.join('\n'));
  }
  if (result.unverifiable.length > 0) {
    const lines = [`${result.unverifiable.length} Firestore quer${result.unverifiable.length === 1 ? 'y' : 'ies'} cannot be verified (use literal field names and operators, or consts in scope):`];
    for (const u of result.unverifiable) lines.push('', `${u.file}:${u.line}  ${u.text}`, `  cannot verify: ${u.reason}`);
    sections.push(lines.join('\n'));
  }
  return sections.join('\n\n');
}
