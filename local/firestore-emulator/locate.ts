/**
 * Finds Google's Cloud Firestore emulator jar and a Java that can run it. The jar comes from
 * FIRESTORE_EMULATOR_JAR, then the gcloud package (google-cloud-cli-firestore-emulator), then
 * firebase-tools' download cache; each failure is one line that says what to do.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const GCLOUD_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';

export class EmulatorSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmulatorSetupError';
  }
}

/** firebase-tools keeps downloaded emulators as ~/.cache/firebase/emulators/cloud-firestore-emulator-v<version>.jar. */
function cachedJar(home: string, exists: (path: string) => boolean): string | null {
  const dir = join(home, '.cache/firebase/emulators');
  if (!exists(dir)) return null;
  const jars = readdirSync(dir)
    .filter((f) => /^cloud-firestore-emulator-v[\d.]+\.jar$/.test(f))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return jars.length > 0 ? join(dir, jars[jars.length - 1]!) : null;
}

export function locateEmulatorJar(env: NodeJS.ProcessEnv = process.env, home = homedir(), exists: (path: string) => boolean = existsSync): string {
  const fromEnv = env.FIRESTORE_EMULATOR_JAR;
  if (fromEnv) {
    if (!exists(fromEnv)) throw new EmulatorSetupError(`FIRESTORE_EMULATOR_JAR points at ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  if (exists(GCLOUD_JAR)) return GCLOUD_JAR;
  const cached = cachedJar(home, exists);
  if (cached) return cached;
  throw new EmulatorSetupError(
    "Google's Firestore emulator was not found: install it with `sudo apt-get install -y google-cloud-cli-firestore-emulator` " +
      '(or run `npx firebase setup:emulators:firestore`), or set FIRESTORE_EMULATOR_JAR to its jar.',
  );
}

/** The java command: JAVA (as the gcloud launcher reads it), then JAVA_HOME, then PATH. */
export function javaCommand(env: NodeJS.ProcessEnv = process.env): string {
  if (env.JAVA) return env.JAVA;
  if (env.JAVA_HOME && existsSync(join(env.JAVA_HOME, 'bin/java'))) return join(env.JAVA_HOME, 'bin/java');
  return 'java';
}

const INSTALL_JAVA = 'install Java 17 or newer (`sudo apt-get install -y openjdk-17-jre-headless`) or set JAVA to a java binary';

/** Runs the jar's --version: proves that this Java loads the emulator's classes (class-file version included). */
export function checkJavaRunsJar(jar: string, java = javaCommand()): string {
  const run = spawnSync(java, ['-Duser.language=en', '-cp', jar, MAIN_CLASS, '--version'], { encoding: 'utf8', timeout: 30_000 });
  if (run.error) {
    const code = (run.error as NodeJS.ErrnoException).code;
    throw new EmulatorSetupError(
      code === 'ENOENT' ? `Java was not found, and Google's Firestore emulator needs it: ${INSTALL_JAVA}.` : `Java could not start (${run.error.message}): ${INSTALL_JAVA}.`,
    );
  }
  const output = `${run.stdout}${run.stderr}`;
  if (run.status !== 0) {
    const tooOld = /UnsupportedClassVersionError/.test(output);
    throw new EmulatorSetupError(
      tooOld
        ? `${java} is too old for Google's Firestore emulator (${jar}): ${INSTALL_JAVA}.`
        : `${java} could not run Google's Firestore emulator (${jar}): ${output.trim().split('\n')[0] ?? `exit ${run.status}`}.`,
    );
  }
  return output.trim();
}

export const MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
