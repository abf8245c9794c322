import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ParamSpec {
  name: string;
  type: 'string' | 'int' | 'boolean' | 'list' | 'secret' | string;
  default?: unknown;
}

/**
 * The params and secrets the built functions declare (firebase-functions keeps them in a global
 * list), read in a child process the way the CLI's discovery does (FUNCTIONS_CONTROL_API=true).
 */
export async function discoverParams(bundle: string): Promise<ParamSpec[]> {
  const probe = `
    await import(${JSON.stringify(pathToFileURL(bundle).href)});
    const list = globalThis[Symbol.for('firebase-functions:params:declaredParams')] ?? [];
    const specs = list.map((p) => { try { return p.toSpec(); } catch { return { name: p.name, type: 'unknown' }; } });
    console.log('@@PARAMS@@' + JSON.stringify(specs));
    process.exit(0);`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', probe], {
    env: { ...process.env, FUNCTIONS_CONTROL_API: 'true', GCLOUD_PROJECT: 'demo-parley' },
    maxBuffer: 8 * 1024 * 1024,
  });
  const line = stdout.split('\n').find((l) => l.startsWith('@@PARAMS@@'));
  return line ? (JSON.parse(line.slice('@@PARAMS@@'.length)) as ParamSpec[]) : [];
}

function fallbackValue(param: ParamSpec): string {
  if (param.default !== undefined && !(typeof param.default === 'string' && param.default.includes('{{'))) {
    return Array.isArray(param.default) ? param.default.join(',') : String(param.default);
  }
  if (param.type === 'int') return '0';
  if (param.type === 'boolean') return 'false';
  return '';
}

function dotenv(header: string, values: Record<string, string>): string {
  const lines = Object.entries(values)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  return `# ${header}\n${lines.join('\n')}\n`;
}

/**
 * Writes functions/.env.local (params and plain env) and functions/.secret.local (secrets) for the
 * Functions emulator, so every declared param has a value (the emulator would otherwise prompt)
 * and every secret reads its local stand-in value. Both files are emulator-only and never deployed.
 */
export function writeFunctionsEnvFiles(functionsDir: string, params: ParamSpec[], localEnv: Record<string, string>): { env: Record<string, string>; secrets: Record<string, string> } {
  const secretNames = new Set(params.filter((p) => p.type === 'secret').map((p) => p.name));
  const env: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  for (const [key, value] of Object.entries(localEnv)) {
    if (secretNames.has(key)) secrets[key] = value;
    else env[key] = value;
  }
  for (const param of params) {
    if (param.type === 'secret') secrets[param.name] ??= '';
    else env[param.name] ??= fallbackValue(param);
  }
  const header = 'Written by `npm start` (local/stack/functions-env.ts) for the Functions emulator. Local values only; not deployed.';
  writeFileSync(join(functionsDir, '.env.local'), dotenv(header, env));
  writeFileSync(join(functionsDir, '.secret.local'), dotenv(header, secrets));
  return { env, secrets };
}
