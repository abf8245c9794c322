/**
 * A class-data archive for the emulator's JVM (Java's AppCDS). Loading the jar's classes from a mapped archive
 * instead of parsing and verifying them at every start halves the CPU a start costs (about 7 s to 3.5 s here), and
 * the stack, the unit tests and the journeys start the emulator a dozen times a run.
 *
 * The first start that finds no archive asks the JVM to write one when it exits (ArchiveClassesAtExit). It writes
 * to a name of its own and the archive takes its place only once that JVM has exited, so a JVM killed while writing,
 * or two first starts at once, never leave a half-written archive where the next start would map it. The archive's
 * name carries the Java binary, the jar (path, size, modification time) and the JVM's other options (a collector
 * change alters what may be archived): another Java, emulator release or tuning makes a new one. The JVM checks the archive too, and runs without it if it does not match.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The npm cache folder of the checkout: a fresh install starts without an archive, as it should. */
export const DEFAULT_ARCHIVE_DIR = fileURLToPath(new URL('../../node_modules/.cache/parley-firestore-emulator', import.meta.url));

/** The JVM lists every class it cannot archive (the jar has some old ones): nothing a reader of the log needs. */
const QUIET = '-Xlog:cds=off';

/** Smaller than this is not a whole archive (a working one is tens of megabytes). */
const MIN_ARCHIVE_BYTES = 1_000_000;

export interface ClassArchive {
  /** The JVM options for this start. */
  jvmArgs: string[];
  /** Whether this JVM writes the archive when it exits (which takes seconds: its stop must wait for it). */
  writes: boolean;
  /** To call once the JVM has exited, with its exit code (null when a signal killed it): puts an archive it wrote in place. */
  settle(exitCode: number | null): void;
}

function resolveOnPath(command: string, env: NodeJS.ProcessEnv): string | null {
  if (isAbsolute(command)) return existsSync(command) ? command : null;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, command))) return join(dir, command);
  }
  return null;
}

function identity(java: string, jar: string, options: readonly string[], env: NodeJS.ProcessEnv): string | null {
  const javaPath = resolveOnPath(java, env);
  if (!javaPath) return null;
  const realJava = realpathSync(javaPath);
  const javaStat = statSync(realJava);
  const jarStat = statSync(jar);
  return createHash('sha256')
    .update([realJava, javaStat.size, javaStat.mtimeMs, jar, jarStat.size, jarStat.mtimeMs, ...options].join('\n'))
    .digest('hex')
    .slice(0, 16);
}

/** The archive options for one start of `jar` on `java`; no options when Java cannot be found on PATH. */
export function classArchive(java: string, jar: string, opts: { dir?: string; env?: NodeJS.ProcessEnv; jvmOptions?: readonly string[] } = {}): ClassArchive {
  const dir = opts.dir ?? DEFAULT_ARCHIVE_DIR;
  const id = identity(java, jar, opts.jvmOptions ?? [], opts.env ?? process.env);
  if (!id) return { jvmArgs: [], writes: false, settle: () => undefined };
  const archive = join(dir, `${id}.jsa`);
  if (existsSync(archive)) return { jvmArgs: [`-XX:SharedArchiveFile=${archive}`, QUIET], writes: false, settle: () => undefined };
  mkdirSync(dirname(archive), { recursive: true });
  // Leftovers of JVMs killed while writing (their process is gone, their file stays).
  for (const name of readdirSync(dir)) {
    if (name.startsWith(`${id}.jsa.`) && name.endsWith('.part')) rmSync(join(dir, name), { force: true });
  }
  const part = `${archive}.${process.pid}.${Date.now()}.part`;
  return {
    jvmArgs: [`-XX:ArchiveClassesAtExit=${part}`, QUIET],
    writes: true,
    settle(exitCode) {
      // A JVM killed by a signal may have stopped in the middle of writing.
      const whole = exitCode !== null && existsSync(part) && statSync(part).size >= MIN_ARCHIVE_BYTES;
      if (whole && !existsSync(archive)) renameSync(part, archive);
      rmSync(part, { force: true });
    },
  };
}
