import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'bench/results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
    plugins: { boundaries },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
      // Web features and server modules never import each other (ARCHITECTURE, STYLE §6); the
      // layers and the absence of cycles of docs/decisions/0066-conventions.md.
      'boundaries/no-cross-import': 'error',
      'boundaries/no-layer-import': 'error',
      'boundaries/no-cycle': 'error',
    },
  },
  {
    // Every cross-module reaction is subscribed in composition.ts, the system's map (decision 0104):
    // a subscription anywhere else would be a reaction no one reading the map can see. A new
    // registry's subscribe function joins this list. Tests may subscribe their own fixtures.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/composition.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.name=/^on(OrderChange|HeldPaymentCompleted|RechargeEvent|CatalogueSkuChange|PreferenceChange)$/]',
          message: 'Subscribe reactions in apps/server/src/composition.ts only (decision 0104).',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.mjs', 'scripts/**/*.js', 'bench/**/*.{js,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        AbortController: 'readonly',
      },
    },
  },
);
