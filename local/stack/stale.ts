import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const SKIP_DIRS = new Set(['node_modules', 'dist', 'lib', '.git', 'coverage', 'test-results', 'bench']);
/** Tests do not change what a build produces. */
const SKIP_FILES = /\.test\.tsx?$/;

function walk(path: string, out: string[]): void {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (stat.isFile()) {
    if (!SKIP_FILES.test(path)) out.push(path);
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIP_DIRS.has(entry.name)) continue;
    walk(join(path, entry.name), out);
  }
}

/**
 * A fingerprint of source files: path, size and mtime of each (cheap, no reads), so any
 * edit, added or removed file changes it.
 */
export function fingerprint(root: string, sources: string[]): string {
  const files: string[] = [];
  for (const source of sources) walk(join(root, source), files);
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    const stat = statSync(file);
    hash.update(`${relative(root, file)}\0${stat.size}\0${Math.floor(stat.mtimeMs)}\n`);
  }
  return hash.digest('hex');
}

export interface BuildTarget {
  name: string;
  /** Files and folders (relative to root) whose change makes the output stale. */
  sources: string[];
  /** A file the build produces; missing means stale. */
  output: string;
  /** Where the fingerprint of the last successful build is kept. */
  stamp: string;
}

/** Stale when the output is missing or the sources changed since the last recorded build. */
export function isStale(root: string, target: BuildTarget): boolean {
  if (!existsSync(join(root, target.output))) return true;
  const stampPath = join(root, target.stamp);
  if (!existsSync(stampPath)) return true;
  return readFileSync(stampPath, 'utf8').trim() !== fingerprint(root, target.sources);
}

export function markBuilt(root: string, target: BuildTarget): void {
  const stampPath = join(root, target.stamp);
  mkdirSync(dirname(stampPath), { recursive: true });
  writeFileSync(stampPath, `${fingerprint(root, target.sources)}\n`);
}
