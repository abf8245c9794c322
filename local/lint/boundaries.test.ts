// The folder boundaries of functions/src and web/src (local/lint/folder-boundaries.js, wired in eslint.config.js):
// ESLint run on small source trees written for each test, the way `npm run lint` runs it on functions/src; then the
// repository's own eslint.config.js on a fixture file placed in the real trees, which must fail `npm run lint`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import localLint from './folder-boundaries.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes `files` (path under src -> text) into a fresh folder and lints src as the repository's config does. */
async function lint(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-boundaries-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, 'src', name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['src/**/*.ts'],
        ignores: ['src/**/*.test.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { local: localLint },
        rules: { 'local/folder-boundaries': ['error', { root: 'src', shared: ['adapters'] }] },
      },
    ],
  });
  const results = await eslint.lintFiles(['src/**/*.ts']);
  return results.flatMap((r) => r.messages.map((m) => `${path.relative(dir, r.filePath)}: ${m.message}`));
}

describe('functions/src folder boundaries', () => {
  it('fails on two folders that import each other', async () => {
    const problems = await lint({
      'billing/index.ts': "import { reserve } from '../credits';\nexport const charge = () => reserve();\n",
      'credits/index.ts': "import { charge } from '../billing';\nexport const reserve = () => 1;\nexport const again = () => charge();\n",
    });
    expect(problems).toEqual([
      'src/billing/index.ts: Folder cycle: billing -> credits -> billing. Folders of src depend on each other one way: move the shared part down, or pass it in from the composition.',
      'src/credits/index.ts: Folder cycle: credits -> billing -> credits. Folders of src depend on each other one way: move the shared part down, or pass it in from the composition.',
    ]);
  });

  it('fails on a cycle through a third folder, type-only imports included', async () => {
    const problems = await lint({
      'a/index.ts': "import type { B } from '../b';\nexport type A = B;\n",
      'b/index.ts': "import type { C } from '../c';\nexport type B = C;\n",
      'c/index.ts': "import type { A } from '../a';\nexport type C = A | string;\n",
    });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('Folder cycle: a -> b -> c -> a.');
  });

  it("fails on a feature reaching into another feature's file instead of its index.ts", async () => {
    const problems = await lint({
      'knowledge/index.ts': "export { ingest } from './ingest';\n",
      'knowledge/ingest.ts': "import { fileStore } from '../uploads/file-store';\nexport const ingest = () => fileStore();\n",
      'uploads/index.ts': "export { fileStore } from './file-store';\n",
      'uploads/file-store.ts': 'export const fileStore = () => 1;\n',
    });
    expect(problems).toEqual([
      "src/knowledge/ingest.ts: '../uploads/file-store' reaches into the uploads feature: import it through uploads/index.ts.",
    ]);
  });

  it('passes one-way imports through index.ts, shared folders file by file, and tests that reach anywhere', async () => {
    const problems = await lint({
      'adapters/firestore.ts': 'export const db = () => 1;\n',
      'credits/index.ts': "import { db } from '../adapters/firestore';\nexport const reserve = () => db();\n",
      'billing/index.ts': "import { reserve } from '../credits';\nexport const charge = () => reserve();\n",
      'credits/credits.test.ts': "import { charge } from '../billing/index';\nexport const t = charge;\n",
    });
    expect(problems).toEqual([]);
  });
});

describe("the repository's own lint (eslint.config.js) on a fixture added to the real trees", () => {
  const repo = fileURLToPath(new URL('../../', import.meta.url));
  /** What `npm run lint` says of `text` saved as `file` (a path from the repository root), rule ids with messages. */
  async function lintAt(file: string, text: string) {
    const [result] = await new ESLint({ cwd: repo }).lintText(text, { filePath: path.join(repo, file) });
    return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
  }

  it('fails a functions folder importing one that imports it back (credits -> conversations -> credits)', async () => {
    const problems = await lintAt('functions/src/credits/fixture.ts', "import { getConversation } from '../conversations';\nexport const f = getConversation;\n");
    expect(problems).toEqual([expect.stringMatching(/^local\/folder-boundaries: Folder cycle: credits -> conversations -> .*credits\./)]);
  });

  it('fails web/src/lib importing web/src/ui, which imports lib (lib -> ui -> lib)', async () => {
    const problems = await lintAt('web/src/lib/fixture.ts', "import { theme } from '../ui/theme';\nexport const t = theme;\n");
    expect(problems).toEqual([expect.stringMatching(/^local\/folder-boundaries: Folder cycle: lib -> ui -> .*lib\./)]);
  });

  it('fails a web feature importing another feature', async () => {
    const problems = await lintAt('web/src/features/agents/fixture.ts', "import { BillingPage } from '../billing/BillingPage';\nexport const b = BillingPage;\n");
    expect(problems).toEqual([expect.stringContaining('no-restricted-imports: ')]);
  });

  it('passes the same imports the one way they go', async () => {
    expect(await lintAt('functions/src/conversations/fixture.ts', "import { balanceOf } from '../credits';\nexport const r = balanceOf;\n")).toEqual([]);
    expect(await lintAt('web/src/ui/fixture.ts', "import { errorMessage } from '../lib/api';\nexport const e = errorMessage;\n")).toEqual([]);
  });
});
