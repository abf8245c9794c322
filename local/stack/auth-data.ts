/**
 * The Auth emulator's users and config, exported to the stack's data folder in the layout `firebase emulators:start
 * --import` reads (firebase-export-metadata.json + auth_export/, as firebase-tools' own export writes it), and
 * swapped into place only once complete (folder-swap.ts). The stack exports while it runs and at stop.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { freshPartial, restoreFolder, swapIntoPlace, writtenAt } from './folder-swap';

const METADATA = 'firebase-export-metadata.json';
const FOLDER = 'auth_export';

function firebaseToolsVersion(): string {
  const require = createRequire(import.meta.url);
  return (JSON.parse(readFileSync(require.resolve('firebase-tools/package.json'), 'utf8')) as { version: string }).version;
}

async function get(url: string): Promise<string> {
  const response = await fetch(url, { headers: { authorization: 'Bearer owner' } });
  if (!response.ok) throw new Error(`Auth emulator ${new URL(url).pathname}: ${response.status} ${await response.text()}`);
  return response.text();
}

/** The export's files (name → contents) as read from the Auth emulator at `base` (http://host:port). */
async function readAuth(base: string, projectId: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const accounts = (tenant?: string) =>
    get(`${base}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1${tenant ? `&tenantId=${tenant}` : ''}`);
  const tenants = JSON.parse(await get(`${base}/identitytoolkit.googleapis.com/v2/projects/${projectId}/tenants`)) as { tenants?: { tenantId: string }[] };
  for (const { tenantId } of tenants.tenants ?? []) files.set(`accounts-${tenantId}.json`, await accounts(tenantId));
  files.set('accounts.json', await accounts());
  files.set('config.json', await get(`${base}/emulator/v1/projects/${projectId}/config`));
  return files;
}

export interface AuthExporter {
  /** Exports when the users or config changed since the last export of this exporter; true when it wrote one. */
  exportIfChanged(): Promise<boolean>;
}

export function authExporter(opts: { base: string; projectId: string; dir: string }): AuthExporter {
  let last: string | null = null;
  return {
    async exportIfChanged() {
      const files = await readAuth(opts.base, opts.projectId);
      const digest = createHash('sha256').update(JSON.stringify([...files])).digest('hex');
      if (digest === last) return false;
      const partial = freshPartial(opts.dir);
      mkdirSync(join(partial, FOLDER));
      for (const [name, text] of files) writeFileSync(join(partial, FOLDER, name), text);
      const version = firebaseToolsVersion();
      writeFileSync(join(partial, METADATA), JSON.stringify({ version, auth: { version, path: FOLDER } }, null, 2));
      swapIntoPlace(opts.dir);
      last = digest;
      return true;
    },
  };
}

/** Undoes an interrupted export in `dir`; returns when its complete export was written, or null when it has none. */
export function restoreAuthExport(dir: string): Date | null {
  restoreFolder(dir);
  return writtenAt(join(dir, METADATA));
}

export const hasAuthExport = (dir: string) => writtenAt(join(dir, METADATA)) !== null;
