/** The test-suite bench's per-file times (written by file-times-reporter.ts, one JSON line per file). */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

export interface FileTime {
  file: string;
  /** Environment, set-up, imports and tests. */
  seconds: number;
  importSeconds: number;
  state: string;
}

/** The files slowest first, paths relative to `root`, times rounded to 0.1 s. */
export function slowestFiles(lines: string, root: string): FileTime[] {
  return lines
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as FileTime)
    .map((t) => ({ ...t, file: relative(root, t.file), seconds: round(t.seconds), importSeconds: round(t.importSeconds) }))
    .sort((a, b) => b.seconds - a.seconds);
}

export function readSlowestFiles(file: string, root: string): FileTime[] {
  return existsSync(file) ? slowestFiles(readFileSync(file, 'utf8'), root) : [];
}

const round = (n: number) => Math.round(n * 10) / 10;
