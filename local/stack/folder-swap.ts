/**
 * Exports are written to `<target>.partial` and then swapped into place, so `<target>` is always a complete export:
 * the previous one is kept as `<target>.previous` until the new one is in place. A kill at any moment leaves either
 * the previous or the new export complete, and restoreFolder() puts it back where the next start reads it.
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';

export const partialOf = (target: string) => `${target}.partial`;
const previousOf = (target: string) => `${target}.previous`;

/** An empty `<target>.partial` to write a new export into (whatever an interrupted export left there is dropped). */
export function freshPartial(target: string): string {
  const partial = partialOf(target);
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  return partial;
}

/** Puts the complete export in `<target>.partial` in place of `<target>`. */
export function swapIntoPlace(target: string): void {
  const previous = previousOf(target);
  rmSync(previous, { recursive: true, force: true });
  if (existsSync(target)) renameSync(target, previous);
  renameSync(partialOf(target), target);
  rmSync(previous, { recursive: true, force: true });
}

/**
 * Undoes what a kill during an export left: an unfinished `<target>.partial` is dropped, and when the kill fell
 * between the two renames of swapIntoPlace, the previous export goes back in place.
 */
export function restoreFolder(target: string): void {
  rmSync(partialOf(target), { recursive: true, force: true });
  const previous = previousOf(target);
  if (!existsSync(previous)) return;
  if (existsSync(target)) rmSync(previous, { recursive: true, force: true });
  else renameSync(previous, target);
}

/** When `file` was last written, or null when it does not exist. */
export function writtenAt(file: string): Date | null {
  return existsSync(file) ? statSync(file).mtime : null;
}

/** "42 s", "3 min", "2 h", "5 days": how long ago `at` was. */
export function ageOf(at: Date, now = new Date()): string {
  const s = Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000));
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  if (s < 172_800) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86_400)} days`;
}
