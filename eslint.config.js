import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/routeTree.gen.ts',
      '**/drizzle/**',
      '.tools/**',
      '**/*.mjs',
      '**/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }] },
      ],
      eqeqeq: ['error', 'smart'],
      // A barrel of `export *` hides a package's public surface, lets two modules' same-named exports shadow
      // each other silently and defeats "find all references": list what a module re-exports.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message: "Use named re-exports (export { a, type B } from './x'), not export *",
        },
      ],
    },
  },
  {
    // Tests read JSON responses, which are untyped by nature; the assertions check their shape.
    files: ['**/*.test.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    // Only env.ts reads the environment: everything else receives parsed settings.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through env.ts' },
      ],
    },
  },
  {
    // The web app may only know the API's router type, never its code.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@paisable/api', '@paisable/api/*'],
              allowTypeImports: true,
              message: 'Import only types from the API',
            },
          ],
          // zod and the schemas cost a phone 0.3–0.7 s to evaluate: pages import zod-free rules, and the
          // forms load the schemas lazily (src/lib/contract-schemas.ts).
          paths: [
            {
              name: '@paisable/contracts',
              allowTypeImports: true,
              message: "Import values from '@paisable/contracts/rules'; schemas through loadSchemas()",
            },
            { name: 'zod', allowTypeImports: true, message: 'Check input with loadSchemas() instead' },
          ],
        },
      ],
    },
  },
  {
    // Tests may compare with zod schemas.
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
);
