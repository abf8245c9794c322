import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverParams, writeFunctionsEnvFiles } from './functions-env';

// Inside the repository so the fixture resolves firebase-functions from node_modules.
const dir = mkdtempSync(join(dirname(fileURLToPath(import.meta.url)), '.tmp-functions-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(
  join(dir, 'index.mjs'),
  `import { defineSecret, defineString, defineInt } from 'firebase-functions/params';
   export const key = defineSecret('OPENAI_API_KEY');
   export const from = defineString('RESEND_FROM', { default: 'Parley <noreply@parley.dev>' });
   export const hook = defineString('EVENTS_HOOK_URL');
   export const limit = defineInt('MAX_THINGS');`,
);

describe('functions local environment', () => {
  it('discovers the params and secrets the bundle declares', async () => {
    const params = await discoverParams(join(dir, 'index.mjs'));
    expect(params.map((p) => [p.name, p.type])).toEqual([
      ['OPENAI_API_KEY', 'secret'],
      ['RESEND_FROM', 'string'],
      ['EVENTS_HOOK_URL', 'string'],
      ['MAX_THINGS', 'int'],
    ]);
  });

  it('gives every param a value (so the emulator never prompts) and keeps secrets in .secret.local', async () => {
    const params = await discoverParams(join(dir, 'index.mjs'));
    writeFunctionsEnvFiles(dir, params, { OPENAI_API_KEY: 'sk-local', RESEND_BASE_URL: 'http://127.0.0.1:9401' });
    const env = readFileSync(join(dir, '.env.local'), 'utf8');
    const secrets = readFileSync(join(dir, '.secret.local'), 'utf8');
    expect(env).toContain('RESEND_FROM="Parley <noreply@parley.dev>"');
    expect(env).toContain('EVENTS_HOOK_URL=""');
    expect(env).toContain('MAX_THINGS="0"');
    expect(env).toContain('RESEND_BASE_URL="http://127.0.0.1:9401"');
    expect(env).not.toContain('OPENAI_API_KEY');
    expect(secrets).toContain('OPENAI_API_KEY="sk-local"');
  });
});
