import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isStale, markBuilt, type BuildTarget } from './stale';

const root = mkdtempSync(join(tmpdir(), 'parley-stale-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const target: BuildTarget = { name: 'web', sources: ['web/src', 'web/index.html'], output: 'web/dist/index.html', stamp: 'stamps/web.stamp' };

function write(path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe('staleness check', () => {
  it('is stale before the first build, fresh after it, and stale again after an edit', () => {
    write('web/src/main.tsx', 'one');
    write('web/index.html', '<html>');
    expect(isStale(root, target)).toBe(true);

    write('web/dist/index.html', 'built');
    markBuilt(root, target);
    expect(isStale(root, target)).toBe(false);

    write('web/src/main.tsx', 'two!');
    expect(isStale(root, target)).toBe(true);
    markBuilt(root, target);

    const later = new Date(Date.now() + 5000);
    utimesSync(join(root, 'web/index.html'), later, later); // touched, same size
    expect(isStale(root, target)).toBe(true);
  });

  it('notices added files, and ignores output folders inside the sources', () => {
    write('web/dist/index.html', 'built');
    markBuilt(root, target);
    write('web/src/node_modules/dep.js', 'x');
    expect(isStale(root, target)).toBe(false);
    write('web/src/new-page.tsx', 'new');
    expect(isStale(root, target)).toBe(true);
  });

  it('is stale when the output is gone even if the sources did not change', () => {
    markBuilt(root, target);
    rmSync(join(root, 'web/dist'), { recursive: true });
    expect(isStale(root, target)).toBe(true);
  });
});

describe('staleness ignores tests', () => {
  it('does not rebuild when only a test file changes', () => {
    write('web/src/app.tsx', 'app');
    write('web/dist/index.html', 'built');
    markBuilt(root, target);
    write('web/src/app.test.tsx', 'a test');
    expect(isStale(root, target)).toBe(false);
  });
});
