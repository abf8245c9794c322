// The archive a first start writes is used only once whole: a JVM killed while writing leaves nothing to map.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classArchive } from './class-archive';

const scratch = () => mkdtempSync(join(tmpdir(), 'parley-class-archive-'));

/** A first start of a stand-in jar: the JVM is asked to write the archive, and here "writes" 2 MB of it. */
function firstStart(dir = scratch(), jar = join(scratch(), 'emulator.jar')) {
  if (!existsSync(jar)) writeFileSync(jar, 'jar');
  const archive = classArchive(process.execPath, jar, { dir });
  const option = archive.jvmArgs[0] ?? '';
  expect(option).toMatch(/^-XX:ArchiveClassesAtExit=/);
  const part = option.slice('-XX:ArchiveClassesAtExit='.length);
  writeFileSync(part, Buffer.alloc(2_000_000));
  return { dir, jar, archive, part };
}

describe('the emulator JVM class-data archive', () => {
  it('is written at the first exit and loaded by every later start', () => {
    const { dir, jar, archive, part } = firstStart();
    archive.settle(130);
    expect(existsSync(part)).toBe(false);
    expect(classArchive(process.execPath, jar, { dir }).jvmArgs[0]).toBe(`-XX:SharedArchiveFile=${part.replace(/\.\d+\.\d+\.part$/, '')}`);
  });

  it('is dropped when the JVM was killed while writing it, and the next start writes it again', () => {
    const { dir, jar, archive, part } = firstStart();
    archive.settle(null);
    expect(existsSync(part)).toBe(false);
    firstStart(dir, jar);
  });

  it('is another archive for another emulator release', () => {
    const { dir, jar, archive } = firstStart();
    archive.settle(0);
    writeFileSync(jar, 'a newer jar');
    firstStart(dir, jar);
  });

  it('is another archive for other JVM options (another collector archives differently)', () => {
    const { dir, jar, archive } = firstStart();
    archive.settle(0);
    expect(classArchive(process.execPath, jar, { dir, jvmOptions: ['-XX:+UseSerialGC'] }).jvmArgs[0]).toMatch(/^-XX:ArchiveClassesAtExit=/);
  });
});
