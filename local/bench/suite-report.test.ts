import { describe, expect, it } from 'vitest';
import { fileDurations } from './suite-report';

describe('fileDurations', () => {
  it('lists each file with its wall time, slowest first, relative to the root', () => {
    const report = {
      testResults: [
        { name: '/repo/core/a.test.ts', startTime: 1_000, endTime: 2_500, status: 'passed' },
        { name: '/repo/e2e/journeys/b.test.ts', startTime: 1_000, endTime: 41_000, status: 'failed' },
        { name: '/repo/web/c.test.tsx', startTime: 5_000, endTime: 5_040, status: 'passed' },
      ],
    };
    expect(fileDurations(report, '/repo')).toEqual([
      { file: 'e2e/journeys/b.test.ts', seconds: 40, status: 'failed' },
      { file: 'core/a.test.ts', seconds: 1.5, status: 'passed' },
      { file: 'web/c.test.tsx', seconds: 0, status: 'passed' },
    ]);
  });

  it('reads an empty or partial report as no files', () => {
    expect(fileDurations({}, '/repo')).toEqual([]);
    expect(fileDurations({ testResults: [{ name: '/repo/x.test.ts' }] }, '/repo')).toEqual([{ file: 'x.test.ts', seconds: 0, status: 'unknown' }]);
  });
});
