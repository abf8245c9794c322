/**
 * Parley's local Firestore engine: `startFirestore()` serves the Firestore v1
 * API (REST for the web SDK, gRPC for firebase-admin) on one address.
 */
import fs from 'node:fs';
import type { GrpcServer } from './src/grpc/index.ts';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FirestoreEngine } from './src/backend.ts';
import type { CompiledRules, FirestoreBackend } from './src/contract.ts';
import { parseImportFile, plainToFields } from './src/import-format.ts';
import { createRestServer } from './src/rest.ts';
import { createDualServer } from './src/server.ts';

export type { CompiledRules, FirestoreBackend } from './src/contract.ts';
export { FirestoreEngine } from './src/backend.ts';

export interface StartOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** Directory for the durable log; omitted = memory only. */
  dataDir?: string;
  /** Compiled rules, or rules source text (compiled with local/firestore/rules). Omitted = allow everything. */
  rules?: CompiledRules | string;
  /** Path of a JSON seed file (see README) loaded after start. */
  importFile?: string;
  /** Project id for import files that do not name one. */
  projectId?: string;
  /** Lock wait before a contended transactional read fails with ABORTED (default 5000 ms). */
  lockTimeoutMs?: number;
}

export interface RunningFirestore {
  host: string;
  port: number;
  engine: FirestoreEngine;
  /** Stops serving, flushes the log, closes files. */
  stop(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

async function compileRulesSource(source: string): Promise<CompiledRules> {
  const file = path.join(here, 'rules', 'index.ts');
  if (!fs.existsSync(file)) {
    throw new Error('Security rules were given but the rules compiler (local/firestore/rules/index.ts) is not available.');
  }
  const mod = (await import(pathToFileURL(file).href)) as { compileRules?: (s: string) => CompiledRules };
  if (typeof mod.compileRules !== 'function') {
    throw new Error('local/firestore/rules/index.ts does not export compileRules(source).');
  }
  return mod.compileRules(source);
}

async function loadGrpc(backend: FirestoreBackend): Promise<GrpcServer | null> {
  const file = path.join(here, 'src', 'grpc', 'index.ts');
  if (!fs.existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as {
    createGrpcServer?: (b: FirestoreBackend) => GrpcServer;
  };
  return typeof mod.createGrpcServer === 'function' ? mod.createGrpcServer(backend) : null;
}

export async function startFirestore(opts: StartOptions = {}): Promise<RunningFirestore> {
  const rules = typeof opts.rules === 'string' ? await compileRulesSource(opts.rules) : opts.rules;
  const engine = new FirestoreEngine({ dataDir: opts.dataDir, rules, lockTimeoutMs: opts.lockTimeoutMs });
  try {
    if (opts.importFile) {
      const file = parseImportFile(fs.readFileSync(opts.importFile, 'utf8'));
      const project = file.projectId ?? opts.projectId ?? 'demo-parley';
      for (const [database, docs] of Object.entries(file.databases)) {
        const converted: Record<string, ReturnType<typeof plainToFields>> = {};
        for (const [p, fields] of Object.entries(docs)) converted[p.replace(/^\//, '')] = plainToFields(fields, project, database);
        engine.importDocuments({ project, database }, converted);
      }
    }
    const rest = createRestServer(engine, {
      clearDatabase: (project, database) => engine.clearDatabase({ project, database }),
    });
    const grpc = await loadGrpc(engine);
    const dual = createDualServer(rest, grpc);
    const host = opts.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      dual.server.once('error', reject);
      dual.server.listen(opts.port ?? 8080, host, () => {
        dual.server.off('error', reject);
        resolve();
      });
    });
    const addr = dual.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : (opts.port ?? 8080);
    // Let the first requests in before the snapshot rewrite starts.
    const compactTimer = setTimeout(() => void engine.compactInBackground(), 200);
    let stopped: Promise<void> | null = null;
    return {
      host,
      port,
      engine,
      stop() {
        stopped ??= (async () => {
          clearTimeout(compactTimer);
          await new Promise<void>((resolve) => {
            dual.server.close(() => resolve());
            dual.destroyConnections();
          });
          rest.close();
          grpc?.close();
          await engine.close();
        })();
        return stopped;
      },
    };
  } catch (e) {
    await engine.close();
    throw e;
  }
}
