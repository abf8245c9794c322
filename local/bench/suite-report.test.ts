import { describe, expect, it } from 'vitest';
import { slowestFiles } from './suite-report';

describe('slowestFiles', () => {
  it('lists each file with its time and import time, slowest first, relative to the root', () => {
    const lines = [
      { file: '/repo/core/a.test.ts', seconds: 1.54, importSeconds: 0.42, state: 'passed' },
      { file: '/repo/e2e/journeys/b.test.ts', seconds: 40.01, importSeconds: 1.2, state: 'failed' },
      { file: '/repo/web/c.test.tsx', seconds: 0.04, importSeconds: 0, state: 'passed' },
    ].map((row) => JSON.stringify(row)).join('\n');
    expect(slowestFiles(`${lines}\n`, '/repo')).toEqual([
      { file: 'e2e/journeys/b.test.ts', seconds: 40, importSeconds: 1.2, state: 'failed' },
      { file: 'core/a.test.ts', seconds: 1.5, importSeconds: 0.4, state: 'passed' },
      { file: 'web/c.test.tsx', seconds: 0, importSeconds: 0, state: 'passed' },
    ]);
  });

  it('reads no lines as no files', () => {
    expect(slowestFiles('', '/repo')).toEqual([]);
  });
});
