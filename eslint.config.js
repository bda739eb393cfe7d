// @ts-check
import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import simpleImportSort from 'eslint-plugin-simple-import-sort'
import globals from 'globals'
import tseslint from 'typescript-eslint'

import fjord from './scripts/eslint/import-boundaries.js'

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', '.cache/', 'bench-results/', 'node_modules/', '.data/', 'coverage/', 'tmp/', 'content-build/fixtures/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Imports in one order everywhere: the app's global style sheet first (main.tsx: the
    // tokens and base styles must come before every component's CSS), then Node's
    // modules, packages, the app's `@/` alias, relative paths; then other side-effect
    // imports (style sheets) last, in the order written, so a page's own CSS still comes
    // after the CSS of the components it imports.
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      'simple-import-sort/imports': ['error', { groups: [['^\\u0000\\./styles\\.css$'], ['^node:'], ['^@?\\w'], ['^@/'], ['^\\.'], ['^\\u0000']] }],
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Scrollable code blocks and wide tables take focus so a keyboard can scroll them (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: ['pre'], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The rooms and the direction of their imports (see scripts/eslint/import-boundaries.js).
    files: ['{src,server,content-build,scripts,testing,e2e}/**/*.{ts,tsx,js,mjs}'],
    plugins: { fjord },
    rules: { 'fjord/import-boundaries': 'error' },
  },
  {
    // Vite loads vitest.config.ts as a config and lists every extensionless import in it
    // and in what it imports, at every test run: Node's own loader, which Vite plans to
    // make its default, needs the extension. These files keep that list empty.
    files: [
      'vitest.config.ts',
      'site.config.ts',
      'content-build/vite/site-config-plugin.ts',
      'content-build/vite/brand-mark.ts',
      'content-build/escape.ts',
      'src/contract/site-schema.ts',
      'src/contract/zod.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            ":matches(ImportDeclaration[importKind!='type'], ExportNamedDeclaration[exportKind!='type'], ExportAllDeclaration[exportKind!='type']) > Literal.source[value=/^[.][.]?[/]/]:not([value=/[.][cm]?[jt]sx?$/])",
          message: 'vitest.config.ts imports this file: name the imported file with its extension (./site-schema.ts), or Vite warns about it at every test run.',
        },
      ],
    },
  },
  {
    // zod comes configured for the site's CSP (src/contract/zod.ts).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/contract/zod.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['zod', 'zod/mini', 'zod/v4', 'zod/v4-mini'].map((name) => ({
            name,
            message: "Import z from src/contract/zod: it is zod/mini, configured not to probe for eval, which the site's CSP refuses.",
            allowTypeImports: true,
          })),
        },
      ],
    },
  },
)
