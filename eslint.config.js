import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Dependencies point one way: web -> catalog; server -> engine -> catalog. Nothing imports the apps. `more` adds
// a folder's own restricted imports.
const forbid = (packages, more = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...packages.map((name) => ({
          group: [name, `${name}/*`],
          message: 'Imports point one way: web -> catalog; server -> engine -> catalog.',
        })),
        ...more,
      ],
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.setup-state/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      ...forbid(['@paperknife/engine', '@paperknife/server', '@paperknife/web']),
    },
  },
  {
    // Components stay readable: split by what the parts do (hooks, panels, lists) before these bite. Every line
    // counts, blank and comment lines too, so the limits are what `wc -l` and the editor's gutter show.
    files: ['apps/web/app/**/*.tsx'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
  { files: ['apps/server/**/*.ts'], rules: forbid(['@paperknife/web', '@paperknife/server']) },
  { files: ['packages/engine/**/*.ts'], rules: forbid(['@paperknife/web', '@paperknife/server']) },
  {
    files: ['packages/engine/src/**/*.ts'],
    ignores: [
      'packages/engine/src/testing/**',
      'packages/engine/src/**/*.test.ts',
      'packages/engine/src/jobs/image-library.ts',
    ],
    rules: forbid(
      ['@paperknife/web', '@paperknife/server'],
      [
        {
          // The server imports every runner at start: sharp's native library would be in every fresh server.
          group: ['sharp'],
          allowTypeImports: true,
          message: 'Load sharp when a job needs it: const sharp = await loadSharp() (jobs/image-library.ts).',
        },
      ],
    ),
  },
  {
    files: ['packages/catalog/**/*.ts'],
    rules: forbid(
      ['@paperknife/web', '@paperknife/server', '@paperknife/engine'],
      [
        {
          // The server loads the catalogue: lucide's main entry is every icon (src/lucide-icons.d.ts).
          regex: '^lucide$',
          allowTypeImports: true,
          message: "Import each icon from its own module: import Crop from 'lucide/dist/esm/icons/crop.mjs'.",
        },
      ],
    ),
  },
  {
    // The page tools' qpdf jobs run in the browser too: no Node module, and nothing of the server or engine.
    files: ['packages/qpdf-jobs/src/**/*.ts'],
    ignores: ['packages/qpdf-jobs/src/**/*.test.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: forbid(
      ['@paperknife/web', '@paperknife/server', '@paperknife/engine'],
      [{ group: ['node:*'], message: 'The qpdf jobs run in the browser: no Node modules here.' }],
    ),
  },
  {
    // The MuPDF jobs run in the browser too, with the `mupdf` module their caller loaded: no Node module, nothing of
    // the server or engine, and no value import of `mupdf` (it would pull its WebAssembly into every importer).
    files: ['packages/mupdf-jobs/src/**/*.ts'],
    ignores: ['packages/mupdf-jobs/src/**/*.test.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: forbid(
      ['@paperknife/web', '@paperknife/server', '@paperknife/engine'],
      [
        { group: ['node:*'], message: 'The MuPDF jobs run in the browser: no Node modules here.' },
        {
          group: ['mupdf'],
          allowTypeImports: true,
          message: 'Take the mupdf module as an argument (Mupdf in mupdf-module.ts): import only its types here.',
        },
      ],
    ),
  },
);
