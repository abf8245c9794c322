// ESLint 9 flat config for every workspace (`npm run lint`).
// Import direction, one way: core → features → app. Web features never import each other (shared code goes
// to web/src/ui, web/src/lib or @parley/core); web/src/lib and web/src/ui never import features or the app;
// core imports nothing from other workspaces; web/src's top folders (app, features, lib, ui, test) import each other
// one way (no cycle: ui sits below lib). functions/src: its folders import each other one way (no cycle between
// folders), and a feature only through its index.ts (local/lint/folder-boundaries.js); adapters, http and callable
// are shared building blocks, imported file by file.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import localLint from './local/lint/folder-boundaries.js';

/** web/src's top folders: imported file by file (web features have their own rule), checked for cycles only. */
const WEB_TOP_FOLDERS = ['app', 'features', 'lib', 'ui', 'test'];

/** Folders of functions/src that every feature builds on, imported file by file (features go through index.ts). */
export const FUNCTIONS_SHARED_FOLDERS = ['adapters', 'http', 'callable'];

const featuresDir = new URL('./web/src/features/', import.meta.url);
let features = [];
try {
  features = readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
} catch {
  features = [];
}

/** One block per feature: importing any *other* feature folder is an error. */
const featureBoundaries = features.map((feature) => {
  const others = features.filter((other) => other !== feature);
  const group = others.flatMap((o) => [`../${o}`, `../${o}/**`, `../../${o}`, `../../${o}/**`, `../../../${o}/**`, `**/features/${o}`, `**/features/${o}/**`]);
  return {
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: group.length
            ? [{ group, message: 'Features do not import each other: move shared code to web/src/ui, web/src/lib or @parley/core.' }]
            : [],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // The functions' bundle (build output); web/src/lib is source and is linted.
      'functions/lib/**',
      // The published widget site (widget/dist stamped with its origins, local/stack/widget-site.ts).
      'widget/site/**',
      '**/coverage/**',
      '.data/**',
      '.firebase/**',
      'e2e/test-results/**',
      'web/public/**',
      '**/.tmp*/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        // Node and browser globals both occur (tools, functions, SPA, widget).
        process: 'readonly', Buffer: 'readonly', console: 'readonly', URL: 'readonly', URLSearchParams: 'readonly',
        setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly',
        window: 'readonly', document: 'readonly', fetch: 'readonly', navigator: 'readonly', localStorage: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'widget/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@parley/*', '**/web/**', '**/functions/**', '**/local/**', '**/widget/**', '**/e2e/**'],
              message: '@parley/core imports nothing from other workspaces (it is the shared, I/O-free base).',
            },
          ],
        },
      ],
    },
  },
  {
    // The rules world hands out Firestore Lite instances (rules/world.ts); the full SDK's functions refuse them.
    files: ['rules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'firebase/firestore', message: 'Rules tests use firebase/firestore/lite, as the world\'s instances are Lite.' }] }],
    },
  },
  ...featureBoundaries,
  {
    // Zones: shared web code sits below the features and the app, so it may not reach up into them.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './web/src/lib', from: './web/src/features', message: 'web/src/lib is shared: it may not import a feature.' },
            { target: './web/src/lib', from: './web/src/app', message: 'web/src/lib is shared: it may not import the app.' },
            { target: './web/src/ui', from: './web/src/features', message: 'web/src/ui is shared: it may not import a feature.' },
            { target: './web/src/ui', from: './web/src/app', message: 'web/src/ui is shared: it may not import the app.' },
            { target: './web/src/features', from: './web/src/app', message: 'Features may not import the app (the app composes features).' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    plugins: { local: localLint },
    rules: { 'local/folder-boundaries': ['error', { root: 'web/src', shared: WEB_TOP_FOLDERS }] },
  },
  {
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/**/*.test.ts'],
    plugins: { local: localLint },
    rules: { 'local/folder-boundaries': ['error', { root: 'functions/src', shared: FUNCTIONS_SHARED_FOLDERS }] },
  },
);
