import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkJavaRunsJar, EmulatorSetupError, GCLOUD_JAR, locateEmulatorJar } from './locate';

const scratch = () => mkdtempSync(join(tmpdir(), 'parley-locate-'));

describe('finding the emulator jar', () => {
  it('takes FIRESTORE_EMULATOR_JAR first, and names it when it does not exist', () => {
    const dir = scratch();
    const jar = join(dir, 'mine.jar');
    writeFileSync(jar, '');
    expect(locateEmulatorJar({ FIRESTORE_EMULATOR_JAR: jar }, dir)).toBe(jar);
    expect(() => locateEmulatorJar({ FIRESTORE_EMULATOR_JAR: join(dir, 'gone.jar') }, dir)).toThrow(/FIRESTORE_EMULATOR_JAR points at .*gone\.jar, which does not exist/);
  });

  it("then the gcloud package's jar, which every machine of ours has", () => {
    expect(locateEmulatorJar({}, scratch())).toBe(GCLOUD_JAR);
  });

  it("falls back to firebase-tools' cache (newest version), else says in one line how to get one", () => {
    const home = scratch();
    const cache = join(home, '.cache/firebase/emulators');
    mkdirSync(cache, { recursive: true });
    for (const v of ['1.9.0', '1.19.9', '1.18.2']) writeFileSync(join(cache, `cloud-firestore-emulator-v${v}.jar`), '');
    const exists = (p: string) => p !== GCLOUD_JAR && existsSync(p);
    expect(locateEmulatorJar({}, home, exists)).toBe(join(cache, 'cloud-firestore-emulator-v1.19.9.jar'));
    const error = (() => {
      try {
        locateEmulatorJar({}, scratch(), exists);
      } catch (e) {
        return e as Error;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(EmulatorSetupError);
    expect(error?.message.split('\n')).toHaveLength(1);
    expect(error?.message).toContain('firebase setup:emulators:firestore');
    expect(error?.message).toContain('google-cloud-cli-firestore-emulator');
  });
});

describe('checking Java', () => {
  it('accepts the Java on this machine', () => {
    expect(checkJavaRunsJar(GCLOUD_JAR)).toMatch(/cloud-firestore-emulator \d+\.\d+/);
  });

  it('says what to install when java is missing', () => {
    expect(() => checkJavaRunsJar(GCLOUD_JAR, join(scratch(), 'no-java'))).toThrow(/Java was not found.*openjdk-17-jre-headless/);
  });

  it('says the Java is too old when it cannot load the classes', () => {
    const fake = join(scratch(), 'java');
    writeFileSync(fake, '#!/bin/sh\necho "Exception in thread main java.lang.UnsupportedClassVersionError: class file version 61.0" >&2\nexit 1\n');
    chmodSync(fake, 0o755);
    expect(() => checkJavaRunsJar(GCLOUD_JAR, fake)).toThrow(/is too old for Google's Firestore emulator.*Java 17 or newer/);
  });
});
