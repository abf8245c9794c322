import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ageOf, freshPartial, restoreFolder, swapIntoPlace } from './folder-swap';

/** An export folder holding one file that says which export it is. */
function exportInto(folder: string, label: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'data'), label);
}
const labelOf = (folder: string) => readFileSync(join(folder, 'data'), 'utf8');

describe('an export swapped into place', () => {
  it('replaces the previous export only once the new one is complete', () => {
    const target = join(mkdtempSync(join(tmpdir(), 'parley-swap-')), 'default');
    exportInto(freshPartial(target), 'first');
    swapIntoPlace(target);
    exportInto(freshPartial(target), 'second');
    expect(labelOf(target)).toBe('first');
    swapIntoPlace(target);
    expect(labelOf(target)).toBe('second');
    expect(existsSync(`${target}.partial`)).toBe(false);
    expect(existsSync(`${target}.previous`)).toBe(false);
  });

  it('after a kill while the new export was written, keeps the previous one and drops the unfinished one', () => {
    const target = join(mkdtempSync(join(tmpdir(), 'parley-swap-')), 'default');
    exportInto(target, 'complete');
    exportInto(freshPartial(target), 'half written');
    restoreFolder(target);
    expect(labelOf(target)).toBe('complete');
    expect(existsSync(`${target}.partial`)).toBe(false);
  });

  it('after a kill between the two renames, puts the previous export back', () => {
    const target = join(mkdtempSync(join(tmpdir(), 'parley-swap-')), 'default');
    exportInto(target, 'complete');
    exportInto(freshPartial(target), 'new');
    renameSync(target, `${target}.previous`); // swapIntoPlace's first rename, and then the kill
    restoreFolder(target);
    expect(labelOf(target)).toBe('complete');
    expect(existsSync(`${target}.previous`)).toBe(false);
  });

  it('after a kill once the new export was in place, keeps the new one', () => {
    const target = join(mkdtempSync(join(tmpdir(), 'parley-swap-')), 'default');
    exportInto(`${target}.previous`, 'old');
    exportInto(target, 'new');
    restoreFolder(target);
    expect(labelOf(target)).toBe('new');
    expect(existsSync(`${target}.previous`)).toBe(false);
  });
});

describe('how old an export is', () => {
  it('reads in the unit a person would use', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const ago = (s: number) => ageOf(new Date(now.getTime() - s * 1000), now);
    expect([ago(8), ago(300), ago(3 * 3600), ago(4 * 86_400)]).toEqual(['8 s', '5 min', '3 h', '4 days']);
  });
});
