// ESLint rule `local/folder-boundaries`: the folders of a source root (functions/src) depend on each other one way.
// - An import from one folder into another that leads back (directly or through other folders) to the importer's
//   folder is a cycle between folders, and an error.
// - A feature folder is entered through its index.ts: importing a file inside another feature is an error. Shared
//   folders (options.shared: adapters, http …) hold building blocks meant to be imported file by file.
// Tests (*.test.ts) are not checked and not counted: they may reach into what they test.
// Plain JavaScript, so eslint.config.js loads it without a build step.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const TEST = /\.test\.(ts|tsx|js|mjs)$/;
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"](\.{1,2}\/[^'"]*)['"]|import\(\s*['"](\.{1,2}\/[^'"]*)['"]\s*\)/g;

/** The file an import names (with or without extension, or a folder's index), or null when it is not a source file. */
function resolveImport(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, base.replace(/\.js$/, '.ts'), path.join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** The top folder of `file` under `root` ('' for a file directly in root; null outside it). */
function folderOf(root, file) {
  const rel = path.relative(root, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : '';
}

function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...sourceFiles(full));
    } else if (SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** folder -> folders it imports, from every non-test source file under root. Built once per root and lint run. */
const graphs = new Map();
function folderGraph(root) {
  let graph = graphs.get(root);
  if (graph) return graph;
  graph = new Map();
  for (const file of sourceFiles(root)) {
    const from = folderOf(root, file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(file, match[1] ?? match[2]);
      const to = target ? folderOf(root, target) : null;
      if (to === null || to === from || from === '' || to === '') continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from).add(to);
    }
  }
  graphs.set(root, graph);
  return graph;
}

/** The folders from `start` to `goal` along the graph's arrows, or null when `goal` cannot be reached. */
function pathBetween(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const folder = queue.shift();
    if (folder === goal) {
      const route = [];
      for (let at = goal; at !== null; at = previous.get(at)) route.unshift(at);
      return route;
    }
    for (const next of graph.get(folder) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, folder);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const folderBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Folders of a source root import each other one way, and a feature only through its index.ts.' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, shared: { type: 'array', items: { type: 'string' } } },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle: 'Folder cycle: {{route}}. Folders of {{root}} depend on each other one way: move the shared part down, or pass it in from the composition.',
      internal: "'{{specifier}}' reaches into the {{folder}} feature: import it through {{folder}}/index.ts.",
    },
  },
  create(context) {
    const { root: rootOption, shared = [] } = context.options[0] ?? {};
    const root = path.resolve(context.cwd ?? process.cwd(), rootOption);
    const file = context.filename ?? context.getFilename();
    const from = folderOf(root, file);
    if (from === null || TEST.test(file)) return {};

    function check(node, specifier) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolveImport(file, specifier);
      const to = target ? folderOf(root, target) : null;
      if (to === null || to === from || to === '' || from === '') return;
      const route = pathBetween(folderGraph(root), to, from);
      if (route) context.report({ node, messageId: 'cycle', data: { route: [from, ...route].join(' -> '), root: rootOption } });
      if (!shared.includes(to) && target !== path.join(root, to, 'index.ts')) {
        context.report({ node, messageId: 'internal', data: { specifier, folder: to } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'folder-boundaries': folderBoundaries } };
