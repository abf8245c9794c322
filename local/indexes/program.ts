// The source files the check reads, and TypeScript programs over them with each workspace's own
// compiler options (so imports such as @parley/core and the Firebase typings resolve as in the build).
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

/**
 * Where the deployed code's queries live. local/, e2e/ and tests never run against production; build output
 * (functions/lib, web/dist) sits outside these folders, and web/src/lib is source.
 */
export const SCANNED_DIRS = ['functions/src', 'web/src'];
const SKIPPED_DIRS = new Set(['node_modules']);
const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) && !/\.test\.tsx?$/.test(name);

export function listSourceFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(join(dir, entry.name));
      } else if (isSource(entry.name)) found.push(join(dir, entry.name));
    }
  };
  for (const dir of SCANNED_DIRS) if (existsSync(join(root, dir))) walk(join(root, dir));
  return found.sort();
}

/**
 * Typings the check never needs: a query is recognised by the Firestore SDKs' declarations, and its values resolve
 * from the repository's own sources, so every other package's typings (React, Mantine, Stripe, Twilio…, thousands
 * of files) are read as empty modules. Parsing and binding them was most of the check's time.
 */
const NEEDED_TYPINGS = /\/node_modules\/(typescript\/lib|@types\/node|@firebase\/firestore|firebase\/firestore|firebase\/app|@firebase\/app|@firebase\/util|@firebase\/component|@firebase\/logger|firebase-admin|@google-cloud\/firestore)\//;
const STUBBED = (name: string) => name.includes('/node_modules/') && !NEEDED_TYPINGS.test(name);

export interface ProgramWithFiles {
  program: ts.Program;
  files: ts.SourceFile[];
}

function compilerOptions(workspaceDir: string): ts.CompilerOptions {
  const configPath = join(workspaceDir, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  return { ...ts.parseJsonConfigFileContent(read.config, ts.sys, workspaceDir).options, noEmit: true };
}

/**
 * One program per workspace over `files` (absolute paths). `overlay` adds or replaces files in memory, so a
 * test can check a fixture source placed in the real tree (resolving the real typings) without writing it.
 */
export function createPrograms(root: string, files: readonly string[], overlay: ReadonlyMap<string, string> = new Map()): ProgramWithFiles[] {
  const byWorkspace = new Map<string, string[]>();
  for (const file of files) {
    const workspace = relative(root, file).split(sep)[0]!;
    byWorkspace.set(workspace, [...(byWorkspace.get(workspace) ?? []), file]);
  }
  return [...byWorkspace].map(([workspace, rootNames]) => {
    const options = compilerOptions(join(root, workspace));
    const host = ts.createCompilerHost(options, true);
    const { fileExists, readFile, getSourceFile } = host;
    host.fileExists = (name) => overlay.has(name) || fileExists.call(host, name);
    host.readFile = (name) => overlay.get(name) ?? readFile.call(host, name);
    host.getSourceFile = (name, languageVersion, onError, shouldCreate) => {
      const text = overlay.get(name) ?? (STUBBED(name) ? 'export {};' : undefined);
      return text !== undefined ? ts.createSourceFile(name, text, languageVersion, true) : getSourceFile.call(host, name, languageVersion, onError, shouldCreate);
    };
    const program = ts.createProgram({ rootNames, options, host });
    const files = rootNames.map((name) => program.getSourceFile(name)).filter((sf): sf is ts.SourceFile => sf !== undefined);
    return { program, files };
  });
}
