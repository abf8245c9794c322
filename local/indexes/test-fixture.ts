// Test helper: runs the extractor over fixture sources placed (in memory only) inside the real tree, so
// they resolve the real Firebase typings and @parley/core exactly as app code does.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractQueries, type Extraction } from './extract';
import { createPrograms } from './program';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Fixture sources by path relative to the repository root, e.g. `web/src/__fixture__.ts`. */
export function fixtureOverlay(sources: Record<string, string>): { files: string[]; overlay: Map<string, string> } {
  const overlay = new Map(Object.entries(sources).map(([path, text]) => [join(REPO_ROOT, path), text]));
  return { files: [...overlay.keys()], overlay };
}

export function extractFixtures(sources: Record<string, string>): Extraction {
  const { files, overlay } = fixtureOverlay(sources);
  const result: Extraction = { queries: [], unverifiable: [] };
  for (const { program, files: sourceFiles } of createPrograms(REPO_ROOT, files, overlay)) {
    const found = extractQueries(program, sourceFiles, REPO_ROOT);
    result.queries.push(...found.queries);
    result.unverifiable.push(...found.unverifiable);
  }
  return result;
}
