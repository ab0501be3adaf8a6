import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layers } from './tools/eslint/layers.js';

/** Mantine's components are imported by name: tools/vite-plugins/mantine-styles.ts adds their styles by those names. */
const MANTINE_BY_NAME = [
  {
    selector: [
      "ImportDeclaration[source.value='@mantine/core'] > :matches(ImportNamespaceSpecifier, ImportDefaultSpecifier)",
      "ExportAllDeclaration[source.value='@mantine/core']",
      "ExportNamedDeclaration[source.value='@mantine/core']",
      "ImportExpression[source.value='@mantine/core']",
    ].join(', '),
    message:
      "Import Mantine's components by name, in braces (`import { Button } from '@mantine/core'`), where they are used: the build adds each one's styles by its name, to the module that imports it.",
  },
];

/**
 * The app's tests share their worker's modules (Vitest's `isolate: false`, vite.config.ts): a
 * module mocked in one file would be the mock in the next. A test that mocks is `*.isolated.test.*`.
 */
const MOCKS_ISOLATED = {
  selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
  message: 'A test that mocks a module runs in a worker of its own: name it `*.isolated.test.ts(x)` (vite.config.ts, the app-isolated project).',
};

export default defineConfig(
  { ignores: ['dist', 'generated', 'src/routeTree.gen.ts', 'test-results', 'playwright-report', 'node_modules'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, layers },
    languageOptions: { globals: globals.browser },
    rules: {
      'layers/import-zones': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Components call backends only through the generated hooks and the one fetch function.
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the generated hooks (src/shared/api/fetcher.ts is the one fetch).' }],
      // The build gives a module the styles of the Mantine components it imports by name.
      'no-restricted-syntax': ['error', ...MANTINE_BY_NAME],
    },
  },
  {
    // A component's texts follow a language switch only through useT (t alone does not re-render).
    files: ['src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'src/main.tsx', 'src/shared/ui/ToastViewport.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)messages/(t|pageTexts)$',
              importNames: ['t'],
              message: 'In a component, use `const t = useT()` so its texts follow the language.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/api/fetcher.ts', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['src/**/*.test.{ts,tsx}'],
    ignores: ['src/**/*.isolated.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...MANTINE_BY_NAME, MOCKS_ISOLATED] },
  },
  {
    files: ['mock/**/*.ts', 'tools/**/*.{js,ts}', 'tests/**/*.ts', '*.ts', '*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The contract verifier's modules, which its package ships, and the breaking-change gate's:
    // each short enough to read whole.
    files: ['tools/scripts/contract-verify/*.ts', 'tools/scripts/contract-diff/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines': ['error', 300] },
  },
);
