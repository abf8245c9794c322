/** Reads vitest's JSON report (--reporter=json): how long each test file took, slowest first. */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

export interface FileDuration {
  file: string;
  seconds: number;
  status: string;
}

interface JsonReport {
  testResults?: Array<{ name: string; startTime?: number; endTime?: number; status?: string }>;
}

/** Each file's wall time (its end minus its start, set-up and imports included), paths relative to `root`. */
export function fileDurations(report: JsonReport, root: string): FileDuration[] {
  return (report.testResults ?? [])
    .map((r) => ({
      file: relative(root, r.name),
      seconds: Number((Math.max(0, (r.endTime ?? 0) - (r.startTime ?? 0)) / 1000).toFixed(1)),
      status: r.status ?? 'unknown',
    }))
    .sort((a, b) => b.seconds - a.seconds);
}

export function readFileDurations(reportFile: string, root: string): FileDuration[] {
  try {
    return fileDurations(JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport, root);
  } catch {
    return [];
  }
}
