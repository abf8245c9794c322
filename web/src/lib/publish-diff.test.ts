import { describe, expect, it } from 'vitest';
import { hasUnpublishedChanges } from './publish-diff';

const saved = { ID: 'a1', title: 'Support', theme: { primary: '#fff' }, nodes: [{ type: 'start' }], lastModified: 100, ownerID: 'u1' };

describe('Publish button diff', () => {
  it('is disabled when the draft equals the saved agent', () => {
    expect(hasUnpublishedChanges({ ...saved }, saved)).toBe(false);
  });

  it('ignores lastModified, ts, ownerID and userId', () => {
    expect(hasUnpublishedChanges({ ...saved, lastModified: 999, ts: 5, ownerID: 'other', userId: 'x' }, saved)).toBe(false);
  });

  it('is enabled by any other change, deep inside objects and arrays too', () => {
    expect(hasUnpublishedChanges({ ...saved, title: 'Sales' }, saved)).toBe(true);
    expect(hasUnpublishedChanges({ ...saved, theme: { primary: '#000' } }, saved)).toBe(true);
    expect(hasUnpublishedChanges({ ...saved, nodes: [{ type: 'start' }, { type: 'end' }] }, saved)).toBe(true);
    expect(hasUnpublishedChanges({ ...saved, newField: true }, saved)).toBe(true);
  });

  it('does not care about key order or keys holding undefined', () => {
    const reordered = { ownerID: 'u1', lastModified: 100, nodes: [{ type: 'start' }], theme: { primary: '#fff' }, title: 'Support', ID: 'a1', description: undefined };
    expect(hasUnpublishedChanges(reordered, saved)).toBe(false);
  });

  it('is disabled while nothing is loaded', () => {
    expect(hasUnpublishedChanges(undefined, saved)).toBe(false);
    expect(hasUnpublishedChanges(saved, null)).toBe(false);
  });
});
